import { IntersectionType } from '@nestjs/swagger';
import { IncludeDeletedQuery, ListQueryParam, PageQuery } from '@app/shared';
import type { ProviderExpansion } from '../../application/practitioner.queries.js';

export const PROVIDER_EXPANSIONS = ['locationLinks', 'locations'] as const satisfies readonly ProviderExpansion[];

export class ProviderExpandQuery {
  @ListQueryParam(PROVIDER_EXPANSIONS, "Parts to include: the provider's location links, and its locations.", [
    'locationLinks',
    'locations',
  ])
  expand?: ProviderExpansion[];
}

export class ListProvidersQuery extends IntersectionType(PageQuery, IncludeDeletedQuery, ProviderExpandQuery) {}
