import { ApiProperty } from '@nestjs/swagger';
import type { Organisation } from '../../domain/organisation.js';

export class OrganisationResponse {
  @ApiProperty({ example: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' })
  id: string;

  @ApiProperty({ example: 'Harbour Physio Group' })
  name: string;

  @ApiProperty({ example: 'harbour-physio-group', description: 'URL-friendly identifier, unique, fixed at creation.' })
  slug: string;

  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' })
  createdAt: string;

  @ApiProperty({
    example: '2026-11-23T01:02:03.000Z',
    format: 'date-time',
    description: 'When it last changed, its booking settings included; equal to `createdAt` until it changes.',
  })
  updatedAt: string;

  @ApiProperty({ example: true, description: 'True when bookings are enabled.' })
  bookingsEnabled: boolean;

  @ApiProperty({
    example: true,
    description:
      'False for a sandbox organisation, whose emails and text messages are logged and never sent. Fixed at creation.',
  })
  livemode: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    required: false,
    format: 'uri',
    example: 'https://cdn.harbourphysio.com.au/brand.png',
  })
  brandImageUrl: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    required: false,
    format: 'uri',
    example: 'https://cdn.harbourphysio.com.au/wordmark.svg',
  })
  wordmarkImageUrl: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    required: false,
    format: 'uri',
    deprecated: true,
    example: 'https://harbourphysio.com.au',
  })
  websiteUrl: string | null;

  static from(organisation: Organisation): OrganisationResponse {
    return {
      id: organisation.id,
      name: organisation.name,
      slug: organisation.slug,
      createdAt: organisation.createdAt.toISOString(),
      updatedAt: organisation.updatedAt.toISOString(),
      bookingsEnabled: organisation.bookingsEnabled,
      livemode: organisation.livemode,
      brandImageUrl: organisation.brandImageUrl,
      wordmarkImageUrl: organisation.wordmarkImageUrl,
      websiteUrl: organisation.websiteUrl,
    };
  }
}
