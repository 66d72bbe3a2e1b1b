import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { ListQueryParam, PageQuery, MayBeOmitted } from '@app/shared';
import type { ProviderExpansion } from '../../application/practitioner.queries.js';

export const PROVIDER_EXPANSIONS = ['locationLinks', 'locations'] as const satisfies readonly ProviderExpansion[];

export class ProviderExpandQuery {
  @ListQueryParam(PROVIDER_EXPANSIONS, "Parts to include: the provider's location links, and its locations.", ['locationLinks', 'locations'])
  expand?: ProviderExpansion[];
}

export class ListProvidersQuery extends IntersectionType(PageQuery, ProviderExpandQuery) {
  @ApiProperty({ required: false, enum: ['true', 'false'], default: 'false', description: 'Include deleted providers.' })
  @MayBeOmitted()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'includeDeleted must be true or false' })
  includeDeleted?: boolean;
}
