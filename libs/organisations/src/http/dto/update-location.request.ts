import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import { AddressDto, OptionalText, RegistrationDto, TerminalIds } from './create-location.request.js';

/**
 * Only the fields sent change; `null` clears a nullable field; `{}` changes nothing. In `address`
 * only the parts sent change (`null` clears one); `registrations` and `terminalIds` are replaced whole.
 */
export class UpdateLocationRequest {
  @ApiProperty({
    required: false,
    example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a',
    description: 'A business of this organisation. Never null.',
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a business id' })
  businessId?: string;

  @ApiProperty({ required: false, example: 'Bondi Junction', maxLength: 200, description: 'Never null.' })
  @MayBeOmitted()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @ApiProperty({
    required: false,
    example: 'Australia/Sydney',
    description:
      'IANA time zone. Refused with 409 `location_has_bookings` while the location has upcoming confirmed bookings: their times were chosen in the current zone. Never null.',
  })
  @MayBeOmitted()
  @IsString()
  timeZone?: string;

  @ApiProperty({
    required: false,
    type: AddressDto,
    description: 'Only the parts sent change; `null` clears a part. Never null itself.',
  })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  address?: AddressDto;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'bondi@harbourphysio.com.au' })
  @IsOptional()
  @IsEmail()
  email?: string | null;

  @OptionalText('51824753556', 20) suggestedTaxIdentifier?: string | null;
  @OptionalText('Please arrive 10 minutes early for your first visit.', 2000) bookingCustomText?: string | null;

  @ApiProperty({
    required: false,
    type: [RegistrationDto],
    description: 'Replaces the registrations; `[]` removes them all. Never null.',
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => RegistrationDto)
  registrations?: RegistrationDto[];

  @TerminalIds('Replaces the list; `[]` removes them all. Never null.') terminalIds?: string[];
}
