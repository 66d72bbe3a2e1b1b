import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsHttpUrl, MayBeOmitted } from '@app/shared';
import { MAX_METADATA_KEY_LENGTH, MAX_METADATA_KEYS, MAX_METADATA_VALUE_LENGTH } from '../../domain/member-metadata.js';
import { MAX_NAME_LENGTH } from '../../domain/personal-details.js';

export class UpdateMemberSettingsRequest {
  @ApiProperty({ required: false, example: false, description: 'Whether the app shows help about plans. Never null.' })
  @MayBeOmitted()
  @IsBoolean()
  showPlanHelp?: boolean;
}

/** Only the fields sent change; `null` clears a nullable one; `{}` changes nothing. Checked as the create checks them. */
export class UpdateMemberRequest {
  @ApiProperty({ required: false, example: 'Alexandra', maxLength: MAX_NAME_LENGTH, description: 'Never null.' })
  @MayBeOmitted()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_NAME_LENGTH)
  firstName?: string;

  @ApiProperty({ required: false, example: 'Chen', maxLength: MAX_NAME_LENGTH, description: 'Never null.' })
  @MayBeOmitted()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_NAME_LENGTH)
  lastName?: string;

  @ApiProperty({
    required: false,
    example: 'alex.chen@example.com',
    format: 'email',
    maxLength: 254,
    description:
      'Never null. Unique among members, ignoring case (409 `member_exists`). A new address is unverified: `emailVerified` becomes false.',
  })
  @MayBeOmitted()
  @IsEmail({}, { message: 'must be an email address' })
  @MaxLength(254)
  email?: string;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: '0412 345 678',
    description:
      'Australian or E.164; stored as E.164. A new number (or none) is unverified: `mobileNumberVerified` becomes false.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  mobileNumber?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    format: 'date',
    example: '1988-04-12',
    description: 'A past date, `YYYY-MM-DD`.',
  })
  @IsOptional()
  @IsString()
  dateOfBirth?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    format: 'uri',
    maxLength: 2048,
    example: 'https://cdn.example.com/members/alex.jpg',
  })
  @IsOptional()
  @IsHttpUrl()
  @MaxLength(2048)
  profileImageUrl?: string | null;

  @ApiProperty({
    required: false,
    type: Object,
    nullable: true,
    additionalProperties: {
      oneOf: [
        { type: 'string', maxLength: MAX_METADATA_VALUE_LENGTH, nullable: true },
        { type: 'number' },
        { type: 'boolean' },
      ],
    },
    maxProperties: MAX_METADATA_KEYS,
    example: { referralSource: 'clinic_front_desk', marketingOptIn: true },
    description: `Replaces the whole metadata (\`null\` empties it). Flat key/value pairs: at most ${MAX_METADATA_KEYS} keys of 1 to ${MAX_METADATA_KEY_LENGTH} characters; values are strings (at most ${MAX_METADATA_VALUE_LENGTH} characters), numbers, booleans or null. Stored, not returned.`,
  })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;

  @ApiProperty({
    required: false,
    type: UpdateMemberSettingsRequest,
    description: 'Only the settings sent change. Never null.',
  })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => UpdateMemberSettingsRequest)
  settings?: UpdateMemberSettingsRequest;
}
