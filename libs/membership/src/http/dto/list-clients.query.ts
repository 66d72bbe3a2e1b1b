import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';
import { IncludeDeletedQuery, MayBeOmitted, PageQuery } from '@app/shared';

export class ListClientsQuery extends IntersectionType(PageQuery, IncludeDeletedQuery) {
  @ApiProperty({
    required: false,
    maxLength: 254,
    example: 'chen',
    description:
      'Search, ignoring case and accents: the start of the first name, last name or full name (`alex ch`), a whole email, ' +
      'or a mobile number in any common form (`0412 345 678`, `+61412345678`).',
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(254)
  @Matches(/[\p{L}\p{N}]/u, { message: 'q must contain a letter or a digit' })
  q?: string;

  @ApiProperty({
    required: false,
    format: 'email',
    maxLength: 254,
    example: 'alex.chen@example.com',
    description: 'Only the clients with this email, ignoring case.',
  })
  @MayBeOmitted()
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(254)
  email?: string;

  @ApiProperty({
    required: false,
    maxLength: 30,
    example: '0412 345 678',
    description: 'Only the clients with this mobile number, given in any Australian or E.164 form.',
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(30)
  mobileNumber?: string;

  @ApiProperty({
    required: false,
    format: 'date',
    example: '1988-04-12',
    description: 'Only the clients born on this day, `YYYY-MM-DD`.',
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(10)
  dateOfBirth?: string;
}
