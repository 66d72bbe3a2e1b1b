import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { IsDateTimeWithOffset, MayBeOmitted } from '@app/shared';

export class LinkMedicareDto {
  @ApiProperty({ required: false, type: String, nullable: true, example: '2429591L' })
  @IsOptional()
  @IsString()
  @MaxLength(8)
  suggestedProviderNumber?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: '2429591L',
    description: 'Checked: 6-digit stem, practice location character, check character.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(8)
  providerNumber?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    format: 'date-time',
    example: '2026-02-01T00:00:00.000Z',
  })
  @IsOptional()
  @IsDateTimeWithOffset()
  startDate?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: 'https://files.example.com/letters/2429591L.pdf',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  registrationLetter?: string | null;
}

export class LinkAssociationDto {
  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: 'https://files.example.com/letters/apa-88213.pdf',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  registrationLetter?: string | null;
}

export class CreateLocationLinkRequest {
  @ApiProperty({ example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f', description: 'A location of this organisation.' })
  @IsUUID('all', { message: 'must be a location id' })
  locationId: string;

  @ApiProperty({ required: false, example: true, default: false })
  @MayBeOmitted()
  @IsBoolean()
  acceptedTerms?: boolean;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'physiotherapist' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  categoryCode?: string | null;

  @ApiProperty({ required: false, type: LinkMedicareDto })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => LinkMedicareDto)
  medicare?: LinkMedicareDto;

  @ApiProperty({ required: false, type: LinkAssociationDto })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => LinkAssociationDto)
  association?: LinkAssociationDto;
}
