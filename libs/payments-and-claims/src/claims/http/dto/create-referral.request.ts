import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import {
  isReferralDay,
  MAX_PROVIDER_NAME_LENGTH,
  MAX_SESSIONS_REFERRED,
  REFERRAL_DAYS,
  REFERRAL_TYPES,
  type ReferralType,
} from '../../domain/referral.js';

const DAY_MESSAGE = `must be a date as YYYY-MM-DD, from ${REFERRAL_DAYS.earliest} to ${REFERRAL_DAYS.latest}`;
/** Longer than any provider number, so that a wrong one is told `invalid_provider_number`, not `too_long`. */
export const PROVIDER_NUMBER_LENGTH = 20;
const SESSIONS = { message: `must be a whole number from 1 to ${MAX_SESSIONS_REFERRED}, or null` };

/** A day of a referral, `YYYY-MM-DD` (400 `invalid_format` otherwise). */
export const IsReferralDay = (): PropertyDecorator =>
  ValidateBy({
    name: 'isReferralDay',
    validator: {
      validate: (value) => typeof value === 'string' && isReferralDay(value),
      defaultMessage: () => DAY_MESSAGE,
    },
  });

/** `type`: one of the kinds. */
export const IsReferralType = (): PropertyDecorator =>
  IsIn(REFERRAL_TYPES, { message: `must be one of: ${REFERRAL_TYPES.join(', ')}` });

/** A text: whether it is a provider number is the domain's check, with its own code (`invalid_provider_number`). */
export const IsText = (maxLength: number): PropertyDecorator =>
  applyDecorators(IsString(), IsNotEmpty(), MaxLength(maxLength));

/** `sessionsReferred`: a whole number of sessions, or null. */
export const IsSessionsReferred = (): PropertyDecorator =>
  applyDecorators(IsOptional(), IsInt(SESSIONS), Min(1, SESSIONS), Max(MAX_SESSIONS_REFERRED, SESSIONS));

/** The referral's fields as the create and the edit describe them; each says what leaving it out does. */
export const REFERRAL_FIELDS = {
  type: {
    enum: REFERRAL_TYPES,
    example: 'gp_chronic_disease_management',
    description:
      "`gp_chronic_disease_management`: a GP's chronic disease management plan, referring allied health services (MBS items 10950 to 10970); `specialist`: a referral to a specialist; `other`.",
  },
  referringProviderNumber: {
    example: '2429591L',
    maxLength: PROVIDER_NUMBER_LENGTH,
    description:
      "The referring practitioner's Medicare provider number (400 `invalid_provider_number` when it is not one).",
  },
  referringProviderName: { example: 'Dr Sam Whitlam', maxLength: MAX_PROVIDER_NAME_LENGTH },
  issuedOn: {
    type: String,
    format: 'date',
    example: '2026-11-02',
    description: 'The day it was written, `YYYY-MM-DD`.',
  },
  expiresOn: {
    type: String,
    format: 'date',
    nullable: true,
    example: null,
    description:
      'The last day it covers a service, `YYYY-MM-DD`, not before `issuedOn`; `null` for none. Left out on create: none for a GP plan, 12 months after `issuedOn` otherwise.',
  },
  sessionsReferred: {
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_SESSIONS_REFERRED,
    example: 5,
    description:
      'The services it refers, as written on it; `null` for no limit. Left out on create: 5 for a GP plan, no limit otherwise.',
  },
} as const;

export class CreateReferralRequest {
  @ApiProperty(REFERRAL_FIELDS.type)
  @IsReferralType()
  type: ReferralType;

  @ApiProperty(REFERRAL_FIELDS.referringProviderNumber)
  @IsText(PROVIDER_NUMBER_LENGTH)
  referringProviderNumber: string;

  @ApiProperty(REFERRAL_FIELDS.referringProviderName)
  @IsText(MAX_PROVIDER_NAME_LENGTH)
  referringProviderName: string;

  @ApiProperty(REFERRAL_FIELDS.issuedOn)
  @IsReferralDay()
  issuedOn: string;

  @ApiProperty({ ...REFERRAL_FIELDS.expiresOn, required: false })
  @IsOptional()
  @IsReferralDay()
  expiresOn?: string | null;

  @ApiProperty({ ...REFERRAL_FIELDS.sessionsReferred, required: false })
  @IsSessionsReferred()
  sessionsReferred?: number | null;
}
