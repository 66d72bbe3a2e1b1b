import { ApiProperty } from '@nestjs/swagger';
import type { Address, Location, Registration } from '../../domain/location.js';
import { BusinessResponse } from './business.response.js';
import { OrganisationResponse } from './organisation.response.js';
import { MedicareRegistrationDto, PhiRegistrationDto } from './create-location.request.js';

export class AddressResponse implements Address {
  @ApiProperty({ type: String, nullable: true, example: 'Level 2, 88 Bondi Road' }) line1: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) line2: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Bondi Junction' }) suburb: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Sydney' }) city: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'NSW' }) state: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2022' }) postcode: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Australia' }) country: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'AU' }) countryCode: string | null;

  static from(address: Address): AddressResponse {
    return {
      line1: address.line1,
      line2: address.line2,
      suburb: address.suburb,
      city: address.city,
      state: address.state,
      postcode: address.postcode,
      country: address.country,
      countryCode: address.countryCode,
    };
  }
}

export class RegistrationResponse {
  @ApiProperty({ type: MedicareRegistrationDto, nullable: true }) medicare: Registration['medicare'];
  @ApiProperty({ type: PhiRegistrationDto, nullable: true }) phi: Registration['phi'];
}

export class LocationResponse {
  @ApiProperty({ example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f' }) id: string;
  @ApiProperty({ example: 'Bondi Junction' }) name: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-23T01:02:03.000Z',
    format: 'date-time',
    description: 'When it last changed; equal to `createdAt` until it changes.',
  })
  updatedAt: string;
  @ApiProperty({ example: 'Australia/Sydney' }) timeZone: string;
  @ApiProperty({ type: AddressResponse }) address: AddressResponse;
  @ApiProperty({ type: String, nullable: true, example: '51824753556' }) suggestedTaxIdentifier: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Please arrive 10 minutes early.' }) bookingCustomText:
    string | null;
  @ApiProperty({ example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a' }) businessId: string;
  @ApiProperty({ required: false, type: BusinessResponse, description: 'Present when expanded (`business`).' })
  business?: BusinessResponse | null;
  @ApiProperty({ type: String, nullable: true, example: 'bondi@harbourphysio.com.au' }) email: string | null;
  @ApiProperty({
    required: false,
    type: [RegistrationResponse],
    description: 'Present when expanded (`registrations`).',
  })
  registrations?: RegistrationResponse[];
  @ApiProperty({
    required: false,
    type: [String],
    example: ['HICAPS-T-0042'],
    description:
      'The claiming terminals installed here; a health fund claim at the location names one of them or none. Present when expanded (`registrations`).',
  })
  terminalIds?: string[];
  @ApiProperty({ example: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' }) organisationId: string;
  @ApiProperty({ required: false, type: OrganisationResponse, description: 'Present when expanded (`organisation`).' })
  organisation?: OrganisationResponse;

  /** The default shape, plus `business`, `registrations` (with `terminalIds`) and `organisation` when given. */
  static from(
    location: Location,
    parts: { business?: BusinessResponse | null; registrations?: boolean; organisation?: OrganisationResponse } = {},
  ): LocationResponse {
    return {
      id: location.id,
      name: location.name,
      createdAt: location.createdAt.toISOString(),
      updatedAt: location.updatedAt.toISOString(),
      timeZone: location.timeZone,
      address: AddressResponse.from(location.address),
      suggestedTaxIdentifier: location.suggestedTaxIdentifier,
      bookingCustomText: location.bookingCustomText,
      businessId: location.businessId,
      ...(parts.business !== undefined ? { business: parts.business } : {}),
      email: location.email,
      ...(parts.registrations
        ? {
            registrations: location.registrations.map((registration) => ({
              medicare: registration.medicare ?? null,
              phi: registration.phi ?? null,
            })),
            terminalIds: location.terminalIds,
          }
        : {}),
      organisationId: location.organisationId,
      ...(parts.organisation ? { organisation: parts.organisation } : {}),
    };
  }
}
