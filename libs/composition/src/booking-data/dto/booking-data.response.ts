import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import { AddressResponse, BookingSettingsFields } from '@app/organisations/http';
import type { BookingData } from '../booking-data.queries.js';

class ServiceResponse {
  @ApiProperty({ example: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e' }) id: string;
  @ApiProperty({ example: 'Initial physiotherapy consultation' }) name: string;
  @ApiProperty({ example: 45 }) durationMinutes: number;
  @ApiCents({ example: 9500, description: 'Integer cents.' }) price: number;
  @ApiProperty({ type: [String], example: ['0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a'] }) providerIds: string[];
  @ApiProperty({ type: [String], example: ['0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f'] }) locationIds: string[];
  @ApiProperty({ example: 1 }) maxAttendees: number;
  @ApiProperty({ type: String, nullable: true, example: 'Assessment and first treatment.' }) description: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'physiotherapy' }) category: string | null;
  @ApiProperty({ type: String, nullable: true, example: '560' }) itemCode: string | null;
}

class LocationSummaryResponse {
  @ApiProperty({ example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f' }) id: string;
  @ApiProperty({ example: 'Bondi Junction' }) name: string;
  @ApiProperty({ type: AddressResponse }) address: AddressResponse;
  @ApiProperty({ example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a' }) businessId: string;
}

class ProviderSummaryResponse {
  @ApiProperty({ example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' }) id: string;
  @ApiProperty({ type: [String], example: ['0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f'] }) locationIds: string[];
  @ApiProperty({ example: 'Priya' }) firstName: string;
  @ApiProperty({ example: 'Raman' }) lastName: string;
  @ApiProperty({ type: String, nullable: true, example: 'https://cdn.harbourphysio.com.au/staff/priya.jpg' })
  profileImageUrl: string | null;
}

class BusinessSummaryResponse {
  @ApiProperty({ example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a' }) id: string;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    example: [{ type: 'card_payments', enabled: true }],
  })
  capabilities: Record<string, unknown>[];
}

/** The public summary a booking page is built from. Holds no contact detail of any provider or location. */
export class BookingDataResponse {
  @ApiProperty({ example: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' }) id: string;
  @ApiProperty({ example: 'harbour-physio-group' }) slug: string;
  @ApiProperty({ example: 'Harbour Physio Group' }) name: string;
  @ApiProperty({ example: true }) bookingsEnabled: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'https://cdn.harbourphysio.com.au/brand.png' }) brandImageUrl:
    string | null;
  @ApiProperty({ type: [ServiceResponse] }) services: ServiceResponse[];
  @ApiProperty({ type: [LocationSummaryResponse] }) locations: LocationSummaryResponse[];
  @ApiProperty({ type: [ProviderSummaryResponse] }) providers: ProviderSummaryResponse[];
  @ApiProperty({ type: BookingSettingsFields }) bookingSettings: BookingSettingsFields;
  @ApiProperty({ type: [BusinessSummaryResponse] }) businesses: BusinessSummaryResponse[];

  static from({ organisation, services, locations, providers, businesses }: BookingData): BookingDataResponse {
    const bookable = new Set(providers.map((provider) => provider.id));
    return {
      id: organisation.id,
      slug: organisation.slug,
      name: organisation.name,
      bookingsEnabled: organisation.bookingsEnabled,
      brandImageUrl: organisation.brandImageUrl,
      services: services.map((type) => ({
        id: type.id,
        name: type.name,
        durationMinutes: type.durationMinutes,
        price: type.price,
        providerIds: type.providerIds.filter((id) => bookable.has(id)),
        locationIds: type.locationIds,
        maxAttendees: type.maxAttendees,
        description: type.description,
        category: type.category,
        itemCode: type.itemCode,
      })),
      locations: locations.map((location) => ({
        id: location.id,
        name: location.name,
        address: AddressResponse.from(location.address),
        businessId: location.businessId,
      })),
      providers: providers.map((provider) => ({
        id: provider.id,
        locationIds: provider.locationIds,
        firstName: provider.firstName,
        lastName: provider.lastName,
        profileImageUrl: provider.profileImageUrl,
      })),
      bookingSettings: BookingSettingsFields.from(organisation.bookingSettings),
      businesses: businesses.map((business) => ({ id: business.id, capabilities: business.capabilities })),
    };
  }
}
