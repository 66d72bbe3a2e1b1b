import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import { MAX_NAME_LENGTH } from '../../domain/organisation.js';
import { SLUG_PATTERN } from '../../domain/slug.js';

export class CreateOrganisationRequest {
  @ApiProperty({ example: 'Harbour Physio Group', maxLength: MAX_NAME_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_NAME_LENGTH)
  name: string;

  @ApiProperty({ required: false, example: 'harbour-physio', description: 'Made from the name when omitted.' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(60)
  @Matches(SLUG_PATTERN, { message: 'must be lowercase letters and digits separated by single hyphens' })
  slug?: string;

  @ApiProperty({ required: false, example: true, default: false })
  @MayBeOmitted()
  @IsBoolean()
  bookingsEnabled?: boolean;

  @ApiProperty({
    required: false,
    example: false,
    default: true,
    description: '`false` makes a sandbox organisation, whose messages are logged and never sent. Fixed at creation.',
  })
  @MayBeOmitted()
  @IsBoolean()
  livemode?: boolean;
}
