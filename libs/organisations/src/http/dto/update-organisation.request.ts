import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { MAX_NAME_LENGTH } from '../../domain/organisation.js';

const HTTP_URL = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
const URL_MESSAGE = { message: 'must be an http(s) URL' };

/** Only the fields sent change; `null` clears a URL; `{}` changes nothing. */
export class UpdateOrganisationRequest {
  @ApiProperty({ required: false, example: 'Harbour Physio & Pilates', maxLength: MAX_NAME_LENGTH, description: 'Never null.' })
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
  @IsUrl(HTTP_URL, URL_MESSAGE)
  websiteUrl?: string | null;

  @ApiProperty({ required: false, type: String, nullable: true, format: 'uri', example: 'https://cdn.harbourphysio.com.au/brand.png' })
  @IsOptional()
  @IsUrl(HTTP_URL, URL_MESSAGE)
  brandImageUrl?: string | null;

  @ApiProperty({ required: false, type: String, nullable: true, format: 'uri', example: 'https://cdn.harbourphysio.com.au/wordmark.svg' })
  @IsOptional()
  @IsUrl(HTTP_URL, URL_MESSAGE)
  wordmarkImageUrl?: string | null;
}
