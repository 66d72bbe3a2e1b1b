import { ApiProperty } from '@nestjs/swagger';
import { LocationResponse } from '@app/organisations/http';
import type { ProviderView } from '../../application/practitioner.queries.js';
import { ProviderLocationLinkResponse } from './location-link.response.js';

export class ProviderResponse {
  @ApiProperty({ example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' }) id: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-22T05:28:59.000Z',
    format: 'date-time',
    description:
      'When it last changed; equal to `createdAt` until it changes. Linking it to a location, or archiving a link, changes it too (`locationIds`).',
  })
  updatedAt: string;
  @ApiProperty({
    type: [String],
    example: ['0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f'],
    description: 'Locations the provider has a live link to.',
  })
  locationIds: string[];
  @ApiProperty({ example: false }) deleted: boolean;
  @ApiProperty({ example: true }) bookingsEnabled: boolean;
  @ApiProperty({ type: String, nullable: true, example: '+61412345678' }) mobileNumber: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'priya.raman@harbourphysio.com.au' }) email: string | null;
  @ApiProperty({ example: 'Priya' }) firstName: string;
  @ApiProperty({ type: String, nullable: true, example: null }) middleName: string | null;
  @ApiProperty({ example: 'Raman' }) lastName: string;
  @ApiProperty({ type: String, nullable: true, example: 'https://cdn.harbourphysio.com.au/staff/priya.jpg' })
  profileImageUrl: string | null;
  @ApiProperty({
    required: false,
    type: [ProviderLocationLinkResponse],
    description: 'Present when expanded (`locationLinks`).',
  })
  locationLinks?: ProviderLocationLinkResponse[];
  @ApiProperty({ required: false, type: [LocationResponse], description: 'Present when expanded (`locations`).' })
  locations?: LocationResponse[];

  static from(provider: ProviderView): ProviderResponse {
    const { locationLinks, locations } = provider;
    return {
      id: provider.id,
      createdAt: provider.createdAt.toISOString(),
      updatedAt: provider.updatedAt.toISOString(),
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
