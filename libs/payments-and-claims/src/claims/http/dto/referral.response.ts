import { ApiProperty } from '@nestjs/swagger';
import type { ReferralView } from '../../application/referral.queries.js';
import { REFERRAL_TYPES, type ReferralType } from '../../domain/referral.js';
import { REFERRAL_FIELDS } from './create-referral.request.js';

export class ReferralResponse {
  @ApiProperty({ example: '0193a6fa-0b1c-7d2e-8f30-4a5b6c7d8e9f' }) id: string;
  @ApiProperty({ example: '0193a6f7-5e6f-7a81-9b23-9d0e1f2a3b4c' }) clientId: string;
  @ApiProperty({ enum: REFERRAL_TYPES, example: 'gp_chronic_disease_management' }) type: ReferralType;
  @ApiProperty({ example: '2429591L', description: 'In capitals.' }) referringProviderNumber: string;
  @ApiProperty({ example: 'Dr Sam Whitlam' }) referringProviderName: string;
  @ApiProperty({ format: 'date', example: '2026-11-02' }) issuedOn: string;
  @ApiProperty({ ...REFERRAL_FIELDS.expiresOn, description: 'The last day it covers a service; `null` for none.' })
  expiresOn: string | null;
  @ApiProperty({
    ...REFERRAL_FIELDS.sessionsReferred,
    description: 'The services it refers, as written on it; `null` for no limit.',
  })
  sessionsReferred: number | null;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    example: 2,
    description:
      'Sessions claimed under it: each referred item (MBS 10950 to 10970) of a Medicare claim made under it and not voided. A void gives its sessions back.',
  })
  sessionsUsed: number;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-22T05:28:59.000Z',
    format: 'date-time',
    description: 'When it last changed; equal to `createdAt` until it changes.',
  })
  updatedAt: string;
  @ApiProperty({
    example: false,
    description: 'Archived referrals stay readable, marked here; no new claim is made under one.',
  })
  deleted: boolean;

  static from({ referral, sessionsUsed }: ReferralView): ReferralResponse {
    return {
      id: referral.id,
      clientId: referral.clientId,
      type: referral.type,
      referringProviderNumber: referral.referringProviderNumber,
      referringProviderName: referral.referringProviderName,
      issuedOn: referral.issuedOn,
      expiresOn: referral.expiresOn,
      sessionsReferred: referral.sessionsReferred,
      sessionsUsed,
      createdAt: referral.createdAt.toISOString(),
      updatedAt: referral.updatedAt.toISOString(),
      deleted: referral.deleted,
    };
  }
}
