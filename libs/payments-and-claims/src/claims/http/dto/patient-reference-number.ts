import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { MayBeOmitted } from '@app/shared';

/**
 * The patient's position on a health fund card, as a fund claim and a fund's quote name it: 1 or 2
 * digits, the card's `defaultReferenceNumber` when left out. `field` is where it sits in the request.
 */
export const PatientReferenceNumber = (field: string) =>
  applyDecorators(
    ApiProperty({
      required: false,
      example: '01',
      pattern: '^\\d{1,2}$',
      description: [
        "The patient's position (reference number) on the fund card: 1 or 2 digits, as printed beside their name.",
        "Left out, the card's `defaultReferenceNumber`. A fund assesses a person, not a card: with neither it is 400",
        `naming \`${field}\` (code \`required\`), before the fund is asked; one that is not 1 or 2 digits is 400 \`invalid_format\`.`,
      ].join(' '),
    }),
    MayBeOmitted(),
    IsString(),
    Matches(/^\d{1,2}$/, { message: 'must be 1 or 2 digits' }),
  );
