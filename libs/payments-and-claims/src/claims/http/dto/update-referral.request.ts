import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import { MAX_PROVIDER_NAME_LENGTH, type ReferralType } from '../../domain/referral.js';
import {
  IsReferralDay,
  IsReferralType,
  IsSessionsReferred,
  IsText,
  PROVIDER_NUMBER_LENGTH,
  REFERRAL_FIELDS,
} from './create-referral.request.js';

const NEVER_NULL = 'Never null.';

/** Only the fields sent change; `null` clears `expiresOn` and `sessionsReferred`; `{}` changes nothing. Checked as on create. */
export class UpdateReferralRequest {
  @ApiProperty({
    ...REFERRAL_FIELDS.type,
    required: false,
    description: `${REFERRAL_FIELDS.type.description} ${NEVER_NULL}`,
  })
  @MayBeOmitted()
  @IsReferralType()
  type?: ReferralType;

  @ApiProperty({ ...REFERRAL_FIELDS.referringProviderNumber, required: false })
  @MayBeOmitted()
  @IsText(PROVIDER_NUMBER_LENGTH)
  referringProviderNumber?: string;

  @ApiProperty({ ...REFERRAL_FIELDS.referringProviderName, required: false, description: NEVER_NULL })
  @MayBeOmitted()
  @IsText(MAX_PROVIDER_NAME_LENGTH)
  referringProviderName?: string;

  @ApiProperty({ ...REFERRAL_FIELDS.issuedOn, required: false })
  @MayBeOmitted()
  @IsReferralDay()
  issuedOn?: string;

  @ApiProperty({
    ...REFERRAL_FIELDS.expiresOn,
    required: false,
    description: 'The last day it covers a service, `YYYY-MM-DD`, not before `issuedOn`; `null` for none.',
  })
  @IsOptional()
  @IsReferralDay()
  expiresOn?: string | null;

  @ApiProperty({
    ...REFERRAL_FIELDS.sessionsReferred,
    required: false,
    description: 'The services it refers, as written on it; `null` for no limit.',
  })
  @IsSessionsReferred()
  sessionsReferred?: number | null;
}
