import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import { BusinessSettingsDto } from './create-business.request.js';

/** Only the fields sent change; in `settings`, only the settings sent; `{}` changes nothing. */
export class UpdateBusinessRequest {
  @ApiProperty({
    required: false,
    example: 'Harbour Physio & Pilates Pty Ltd',
    maxLength: 200,
    description: 'Never null.',
  })
  @MayBeOmitted()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @ApiProperty({
    required: false,
    example: '51 824 753 556',
    description: 'For an AU business, an ABN with a valid checksum (spaces allowed); stored as 11 digits. Never null.',
  })
  @MayBeOmitted()
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  taxIdentifier?: string;

  @ApiProperty({
    required: false,
    example: true,
    description:
      'Registered for GST. Never null. A business that is not issues documents titled "Invoice", without a GST column, and a check-out of an item with GST (a `taxRate` above 0) is refused: 409 `business_not_gst_registered`.',
  })
  @MayBeOmitted()
  @IsBoolean()
  gstRegistered?: boolean;

  @ApiProperty({
    required: false,
    type: BusinessSettingsDto,
    description: 'Only the settings sent change; the others keep their values. Never null.',
  })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => BusinessSettingsDto)
  settings?: BusinessSettingsDto;
}
