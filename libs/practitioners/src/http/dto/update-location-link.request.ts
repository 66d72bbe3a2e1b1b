import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import { LinkAssociationDto, LinkMedicareDto } from './create-location-link.request.js';

/**
 * Only the fields sent change; `{}` changes nothing. `medicare` and `association` are each
 * replaced whole: what the object sent leaves out becomes null. Checked as a new link's.
 */
export class UpdateLocationLinkRequest {
  @ApiProperty({ required: false, example: true, description: 'Never null.' })
  @MayBeOmitted()
  @IsBoolean()
  acceptedTerms?: boolean;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: 'physiotherapist',
    description: '`null` clears it.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  categoryCode?: string | null;

  @ApiProperty({
    required: false,
    type: LinkMedicareDto,
    description:
      'Replaces the Medicare details whole: a field left out of the object becomes null, and `{}` clears them all. Never null.',
  })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => LinkMedicareDto)
  medicare?: LinkMedicareDto;

  @ApiProperty({
    required: false,
    type: LinkAssociationDto,
    description:
      'Replaces the association details whole: a field left out of the object becomes null, and `{}` clears them. Never null.',
  })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => LinkAssociationDto)
  association?: LinkAssociationDto;
}
