import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsHttpUrl, MayBeOmitted } from '@app/shared';

/** Only the fields sent change; `null` clears a nullable one; `{}` changes nothing. Checked as a new provider's. */
export class UpdateProviderRequest {
  @ApiProperty({ required: false, example: 'Priya', maxLength: 100, description: 'Never null.' })
  @MayBeOmitted()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName?: string;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'Anjali', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  middleName?: string | null;

  @ApiProperty({ required: false, example: 'Raman-Iyer', maxLength: 100, description: 'Never null.' })
  @MayBeOmitted()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName?: string;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'priya.raman@harbourphysio.com.au' })
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string | null;

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
    format: 'uri',
    example: 'https://cdn.harbourphysio.com.au/staff/priya.jpg',
  })
  @IsOptional()
  @IsHttpUrl()
  profileImageUrl?: string | null;

  @ApiProperty({
    required: false,
    example: false,
    description: 'Whether patients can book this provider online. Never null. Bookings already made stay as they are.',
  })
  @MayBeOmitted()
  @IsBoolean()
  bookingsEnabled?: boolean;
}
