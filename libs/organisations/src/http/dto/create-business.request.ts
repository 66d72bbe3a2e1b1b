import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import { CAPABILITIES_EXAMPLE } from './business.response.js';

export class BusinessSettingsDto {
  @ApiProperty({ required: false, example: true })
  @MayBeOmitted()
  @IsBoolean()
  autoReconciliationEnabled?: boolean;

  @ApiProperty({ required: false, example: false })
  @MayBeOmitted()
  @IsBoolean()
  autoInviteClientsEnabled?: boolean;
}

export class CreateBusinessRequest {
  @ApiProperty({ example: 'Harbour Physio Pty Ltd', maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiProperty({
    example: '51 824 753 556',
    description: 'For an AU business, an ABN with a valid checksum (spaces allowed); stored as 11 digits.',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  taxIdentifier: string;

  @ApiProperty({ required: false, example: 'AU', default: 'AU', description: 'ISO 3166-1 alpha-2.' })
  @MayBeOmitted()
  @Matches(/^[A-Za-z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code such as AU' })
  countryCode?: string;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'acct_1PqRsTuVwXyZ0123' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  merchantId?: string | null;

  @ApiProperty({
    required: false,
    example: true,
    default: true,
    description:
      'Registered for GST. A business that is not issues documents titled "Invoice", without a GST column, and a check-out of an item with GST (a `taxRate` above 0) is refused: 409 `business_not_gst_registered`.',
  })
  @MayBeOmitted()
  @IsBoolean()
  gstRegistered?: boolean;

  @ApiProperty({ required: false, type: BusinessSettingsDto })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => BusinessSettingsDto)
  settings?: BusinessSettingsDto;

  @ApiProperty({
    required: false,
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    example: CAPABILITIES_EXAMPLE,
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(50)
  @IsObject({ each: true })
  capabilities?: Record<string, unknown>[];

  @ApiProperty({
    required: false,
    type: Object,
    additionalProperties: true,
    example: { payoutsEnabledAt: '2026-01-12T00:00:00.000Z' },
  })
  @MayBeOmitted()
  @IsObject()
  events?: Record<string, unknown>;
}
