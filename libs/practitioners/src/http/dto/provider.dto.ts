import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsHttpUrl, ListQueryParam, PageQuery, MayBeOmitted } from '@app/shared';
import { LocationResponse } from '@app/organisations';
import type { ProviderExpansion, ProviderView } from '../../application/practitioner.queries.js';
import { ProviderLocationLinkResponse } from './location-link.dto.js';

export class CreateProviderRequest {
  @ApiProperty({ example: 'Priya', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName: string;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'Anjali', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  middleName?: string | null;

  @ApiProperty({ example: 'Raman', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName: string;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'priya.raman@harbourphysio.com.au' })
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string | null;

  @ApiProperty({ required: false, type: String, nullable: true, example: '0412 345 678', description: 'Australian or E.164; stored as E.164.' })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  mobileNumber?: string | null;

  @ApiProperty({ required: false, type: String, nullable: true, format: 'uri', example: 'https://cdn.harbourphysio.com.au/staff/priya.jpg' })
  @IsOptional()
  @IsHttpUrl()
  profileImageUrl?: string | null;

  @ApiProperty({ required: false, example: true, default: true, description: 'Whether patients can book this provider online.' })
  @MayBeOmitted()
  @IsBoolean()
  bookingsEnabled?: boolean;
}

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

export class ProviderResponse {
  @ApiProperty({ example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' }) id: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: [String], example: ['0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f'], description: 'Locations the provider has a live link to.' })
  locationIds: string[];
  @ApiProperty({ example: false }) deleted: boolean;
  @ApiProperty({ example: true }) bookingsEnabled: boolean;
  @ApiProperty({ type: String, nullable: true, example: '+61412345678' }) mobileNumber: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'priya.raman@harbourphysio.com.au' }) email: string | null;
  @ApiProperty({ example: 'Priya' }) firstName: string;
  @ApiProperty({ type: String, nullable: true, example: null }) middleName: string | null;
  @ApiProperty({ example: 'Raman' }) lastName: string;
  @ApiProperty({ type: String, nullable: true, example: 'https://cdn.harbourphysio.com.au/staff/priya.jpg' }) profileImageUrl: string | null;
  @ApiProperty({ required: false, type: [ProviderLocationLinkResponse], description: 'Present when expanded (`locationLinks`).' })
  locationLinks?: ProviderLocationLinkResponse[];
  @ApiProperty({ required: false, type: [LocationResponse], description: 'Present when expanded (`locations`).' }) locations?: LocationResponse[];

  static from(provider: ProviderView): ProviderResponse {
    const { locationLinks, locations } = provider;
    return {
      id: provider.id,
      createdAt: provider.createdAt.toISOString(),
      locationIds: provider.locationIds,
      deleted: provider.deleted,
      bookingsEnabled: provider.bookingsEnabled,
      mobileNumber: provider.mobileNumber,
      email: provider.email,
      firstName: provider.firstName,
      middleName: provider.middleName,
      lastName: provider.lastName,
      profileImageUrl: provider.profileImageUrl,
      ...(locationLinks ? { locationLinks: locationLinks.map((link) => ProviderLocationLinkResponse.from(link)) } : {}),
      ...(locations ? { locations: locations.map((location) => LocationResponse.from(location)) } : {}),
    };
  }
}
