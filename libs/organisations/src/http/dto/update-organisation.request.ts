import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsHttpUrl } from '@app/shared';
import { MAX_NAME_LENGTH } from '../../domain/organisation.js';

/** Only the fields sent change; `null` clears a URL; `{}` changes nothing. */
export class UpdateOrganisationRequest {
  @ApiProperty({
    required: false,
    example: 'Harbour Physio & Pilates',
    maxLength: MAX_NAME_LENGTH,
    description: 'Never null.',
  })
  @ValidateIf((_, value) => value !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_NAME_LENGTH)
  name?: string;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    format: 'uri',
    deprecated: true,
    example: 'https://harbourphysio.com.au',
    description: 'Deprecated: answers carry `Deprecation: true`.',
  })
  @IsOptional()
  @IsHttpUrl()
  websiteUrl?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    format: 'uri',
    example: 'https://cdn.harbourphysio.com.au/brand.png',
  })
  @IsOptional()
  @IsHttpUrl()
  brandImageUrl?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    format: 'uri',
    example: 'https://cdn.harbourphysio.com.au/wordmark.svg',
  })
  @IsOptional()
  @IsHttpUrl()
  wordmarkImageUrl?: string | null;
}
