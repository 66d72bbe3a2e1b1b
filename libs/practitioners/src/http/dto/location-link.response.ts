import { ApiProperty } from '@nestjs/swagger';
import type { ProviderLocationLink } from '../../domain/provider-location-link.js';

export class LinkMedicareResponse {
  @ApiProperty({ type: String, nullable: true, example: '2429591L' }) suggestedProviderNumber: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2429591L' }) providerNumber: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', example: '2026-02-01T00:00:00.000Z' }) startDate:
    string | null;
  @ApiProperty({ type: String, nullable: true, example: 'https://files.example.com/letters/2429591L.pdf' })
  registrationLetter: string | null;
}

export class LinkAssociationResponse {
  @ApiProperty({ type: String, nullable: true, example: null }) registrationLetter: string | null;
}

export class ProviderLocationLinkResponse {
  @ApiProperty({ example: '0193a6f6-4d5e-7f60-8b72-8c9d0e1f2a3b' }) id: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-22T05:28:59.000Z',
    format: 'date-time',
    description: 'When it last changed; equal to `createdAt` until it changes.',
  })
  updatedAt: string;
  @ApiProperty({ example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' }) providerId: string;
  @ApiProperty({ example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f' }) locationId: string;
  @ApiProperty({ example: false }) deleted: boolean;
  @ApiProperty({ example: true }) acceptedTerms: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'physiotherapist' }) categoryCode: string | null;
  @ApiProperty({ type: LinkMedicareResponse }) medicare: LinkMedicareResponse;
  @ApiProperty({ type: LinkAssociationResponse }) association: LinkAssociationResponse;

  static from(link: ProviderLocationLink): ProviderLocationLinkResponse {
    return {
      id: link.id,
      createdAt: link.createdAt.toISOString(),
      updatedAt: link.updatedAt.toISOString(),
      providerId: link.providerId,
      locationId: link.locationId,
      deleted: link.deleted,
      acceptedTerms: link.acceptedTerms,
      categoryCode: link.categoryCode,
      medicare: {
        suggestedProviderNumber: link.medicare.suggestedProviderNumber,
        providerNumber: link.medicare.providerNumber,
        startDate: link.medicare.startDate,
        registrationLetter: link.medicare.registrationLetter,
      },
      association: { registrationLetter: link.association.registrationLetter },
    };
  }
}
