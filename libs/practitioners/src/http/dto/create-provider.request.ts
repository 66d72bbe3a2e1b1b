import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsHttpUrl, MayBeOmitted } from '@app/shared';

export class CreateProviderRequest {
  @ApiProperty({ example: 'Priya', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName: string;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'Anjali', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  middleName?: string | null;

  @ApiProperty({ example: 'Raman', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName: string;

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
    example: true,
    default: true,
    description: 'Whether patients can book this provider online.',
  })
  @MayBeOmitted()
  @IsBoolean()
  bookingsEnabled?: boolean;
}
