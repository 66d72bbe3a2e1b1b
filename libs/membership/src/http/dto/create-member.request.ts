import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsHttpUrl } from '@app/shared';
import { MAX_METADATA_KEY_LENGTH, MAX_METADATA_KEYS, MAX_METADATA_VALUE_LENGTH } from '../../domain/member-metadata.js';
import { MAX_NAME_LENGTH } from '../../domain/personal-details.js';

export class CreateMemberRequest {
  @ApiProperty({ example: 'Alex', maxLength: MAX_NAME_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_NAME_LENGTH)
  firstName: string;

  @ApiProperty({ example: 'Chen', maxLength: MAX_NAME_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_NAME_LENGTH)
  lastName: string;

  @ApiProperty({
    example: 'alex.chen@example.com',
    format: 'email',
    maxLength: 254,
    description: 'Unique among members, ignoring case: a second member with it is a 409 `member_exists`.',
  })
  @IsEmail({}, { message: 'must be an email address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: '0412 345 678',
    description: 'Australian or E.164; stored as E.164.',
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
    example: { referralSource: 'clinic_front_desk', marketingOptIn: false, visits: 3 },
    description: `Flat key/value pairs: at most ${MAX_METADATA_KEYS} keys of 1 to ${MAX_METADATA_KEY_LENGTH} characters; values are strings (at most ${MAX_METADATA_VALUE_LENGTH} characters), numbers, booleans or null. Stored, not returned.`,
  })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}
