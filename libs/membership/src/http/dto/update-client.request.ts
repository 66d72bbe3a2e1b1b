import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsHttpUrl, MayBeOmitted } from '@app/shared';
import { MAX_NAME_LENGTH } from '../../domain/personal-details.js';

/** Only the fields sent change; `null` clears a nullable one; `{}` changes nothing. Checked as the create checks them. */
export class UpdateClientRequest {
  @ApiProperty({ required: false, example: 'Alexandra', maxLength: MAX_NAME_LENGTH, description: 'Never null.' })
  @MayBeOmitted()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_NAME_LENGTH)
  firstName?: string;

  @ApiProperty({ required: false, example: 'Chen-Wright', maxLength: MAX_NAME_LENGTH, description: 'Never null.' })
  @MayBeOmitted()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_NAME_LENGTH)
  lastName?: string;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    format: 'email',
    maxLength: 254,
    example: 'alex.chen@example.com',
  })
  @IsOptional()
  @IsEmail({}, { message: 'must be an email address' })
  @MaxLength(254)
  email?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: '0412 345 678',
    description: 'E.164, or any Australian form; stored as E.164.',
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
    example: 'memb_2pVkUq3Kx9mGdB1aWfE7hTzRc0L',
    description: "The patient's platform account: a member the caller can read (404 naming `memberId` otherwise).",
  })
  @IsOptional()
  @Matches(/^memb_[0-9A-Za-z]{27}$/, { message: 'must be a member id (memb_…)' })
  memberId?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: 'PT-004417',
    maxLength: 100,
    description: "The patient's id in the practice management system.",
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  pmsPatientId?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    format: 'date-time',
    example: '2024-03-14T09:30:00.000Z',
    description: 'When the practice management system created the patient.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  pmsCreatedAt?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    format: 'uri',
    maxLength: 2048,
    example: 'https://cdn.example.com/clients/alex.jpg',
  })
  @IsOptional()
  @IsHttpUrl()
  @MaxLength(2048)
  profileImageUrl?: string | null;
}
