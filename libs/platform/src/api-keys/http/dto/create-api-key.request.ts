import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** A date and a time with an offset (`Z` or `±hh:mm`): never a local time whose instant is a guess. */
const WITH_OFFSET = /T.*(Z|[+-]\d{2}:\d{2})$/;

export class CreateApiKeyRequest {
  @ApiProperty({
    example: 'Bondi Physio booking page',
    maxLength: 100,
    description: 'What the key is for, to recognise it in the list.',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({
    required: false,
    example: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L',
    description: 'Scope the key to one organisation; omit for a platform key.',
  })
  @IsOptional()
  @IsString()
  organisationId?: string;

  @ApiProperty({
    required: false,
    format: 'date-time',
    example: '2027-06-30T23:59:59.000+10:00',
    description:
      'From this instant on the key is refused (401). ISO 8601 date-time with an offset, in the future; omit for a key that never expires.',
  })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'must be an ISO 8601 date-time with an offset' })
  @Matches(WITH_OFFSET, { message: 'must be an ISO 8601 date-time with an offset' })
  expiresAt?: string;
}
