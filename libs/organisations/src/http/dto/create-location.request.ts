import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { IsHttpUrl, MayBeOmitted } from '@app/shared';
import { type Address, REGISTRATION_STATUSES, type RegistrationStatus } from '../../domain/location.js';

/** A nullable text field that may be left out. */
export const OptionalText = (example: string, max = 200) =>
  applyDecorators(
    ApiProperty({ required: false, type: String, nullable: true, example }),
    IsOptional(),
    IsString(),
    MaxLength(max),
  );

export class AddressDto implements Partial<Address> {
  @OptionalText('Level 2, 88 Bondi Road') line1?: string;
  @OptionalText('Suite 4') line2?: string;
  @OptionalText('Bondi Junction') suburb?: string;
  @OptionalText('Sydney') city?: string;
  @OptionalText('NSW') state?: string;
  @OptionalText('2022', 10) postcode?: string;
  @OptionalText('Australia') country?: string;
  @OptionalText('AU', 2) countryCode?: string;
}

/** A registration's status: only an `active` one may claim; `null` or left out, none is set. */
const OptionalStatus = (payer: string) =>
  applyDecorators(
    ApiProperty({
      required: false,
      enum: REGISTRATION_STATUSES,
      nullable: true,
      example: 'active',
      description: `Only an \`active\` registration lets the location claim from ${payer}.`,
    }),
    IsOptional(),
    IsIn(REGISTRATION_STATUSES, { message: `must be one of: ${REGISTRATION_STATUSES.join(', ')}` }),
  );

export class MedicareRegistrationDto {
  @OptionalText('01') minorId?: string;
  @OptionalText('PRODA-4471829') prodaLocationId?: string;
  @OptionalStatus('Medicare (with a minorId)') status?: RegistrationStatus;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: 'https://proda.humanservices.gov.au/agreements/4471829',
  })
  @MayBeOmitted()
  @IsHttpUrl()
  providerAgreementSubmissionUrl?: string;

  @ApiProperty({ required: false, example: false })
  @MayBeOmitted()
  @IsBoolean()
  isUsingOtherClaimSoftware?: boolean;
}

export class PhiRegistrationDto {
  @OptionalText('HICAPS-88213') phiLocationId?: string;
  @OptionalStatus('health funds') status?: RegistrationStatus;
}

export class RegistrationDto {
  @ApiProperty({ required: false, type: MedicareRegistrationDto })
  @MayBeOmitted()
  @ValidateNested()
  @Type(() => MedicareRegistrationDto)
  medicare?: MedicareRegistrationDto;

  @ApiProperty({ required: false, type: PhiRegistrationDto })
  @MayBeOmitted()
  @ValidateNested()
  @Type(() => PhiRegistrationDto)
  phi?: PhiRegistrationDto;
}

/** At most this many claiming terminals a location. */
const MAX_TERMINALS = 20;
const TERMINAL_ID = { message: 'must each be 1 to 50 characters', each: true } as const;

/** The claiming terminals installed at the location, as the create and the PATCH take them. */
export const TerminalIds = (description: string) =>
  applyDecorators(
    ApiProperty({
      required: false,
      type: [String],
      example: ['HICAPS-T-0042'],
      maxItems: MAX_TERMINALS,
      items: { type: 'string', minLength: 1, maxLength: 50 },
      description: [
        'The claiming terminals installed here (HICAPS or Tyro terminal ids), each 1 to 50 characters; one listed twice is kept once.',
        'A health fund claim at the location names one of them in `healthFundClaim.terminalId`, or none.',
        'Shown with `expand=registrations`.',
        description,
      ].join(' '),
    }),
    MayBeOmitted(),
    IsArray(),
    ArrayMaxSize(MAX_TERMINALS),
    IsString({ each: true }),
    MinLength(1, TERMINAL_ID),
    MaxLength(50, TERMINAL_ID),
  );

export class CreateLocationRequest {
  @ApiProperty({ example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a', description: 'A business of this organisation.' })
  @IsUUID('all', { message: 'must be a business id' })
  businessId: string;

  @ApiProperty({ example: 'Bondi Junction', maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiProperty({ example: 'Australia/Sydney', description: 'IANA time zone.' })
  @IsString()
  timeZone: string;

  @ApiProperty({ type: AddressDto })
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  address: AddressDto;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'bondi@harbourphysio.com.au' })
  @MayBeOmitted()
  @IsEmail()
  email?: string;

  @OptionalText('51824753556', 20) suggestedTaxIdentifier?: string;
  @OptionalText('Please arrive 10 minutes early for your first visit.', 2000) bookingCustomText?: string;

  @ApiProperty({ required: false, type: [RegistrationDto] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => RegistrationDto)
  registrations?: RegistrationDto[];

  @TerminalIds('Default: none.') terminalIds?: string[];
}
