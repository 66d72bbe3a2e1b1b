import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CENTS_SCHEMA, IsCents, MayBeOmitted, REQUEST_LIMITS } from '@app/shared';
import { CreateBillableItemRequest } from './create-appointment-type.request.js';

/**
 * Only the fields sent change, checked as the create checks them; `null` clears `description`,
 * `category` or `itemCode`; a list sent replaces the whole list; `{}` changes nothing.
 */
export class UpdateAppointmentTypeRequest {
  @ApiProperty({
    required: false,
    example: 'Initial physiotherapy consultation (extended)',
    maxLength: 200,
    description: 'Never null.',
  })
  @MayBeOmitted()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @ApiProperty({
    required: false,
    example: 60,
    type: 'integer',
    minimum: 5,
    maximum: REQUEST_LIMITS.minutes,
    description: 'For bookings made from now on; bookings already made keep their length.',
  })
  @MayBeOmitted()
  @IsInt()
  @Min(5)
  @Max(REQUEST_LIMITS.minutes)
  durationMinutes?: number;

  @ApiProperty({
    required: false,
    example: 11000,
    ...CENTS_SCHEMA,
    description: 'Integer cents, for bookings made from now on; bookings already made keep their `servicePrice`.',
  })
  @MayBeOmitted()
  @IsCents()
  price?: number;

  @ApiProperty({
    required: false,
    type: [String],
    example: ['0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a'],
    description: 'Replaces the providers who offer it; each one added must be a provider of this organisation.',
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(REQUEST_LIMITS.count)
  @IsUUID('all', { each: true, message: 'each must be a provider id' })
  providers?: string[];

  @ApiProperty({
    required: false,
    type: [String],
    example: ['0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f'],
    description: 'Replaces the locations where it is offered; each one added must be a location of this organisation.',
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(REQUEST_LIMITS.count)
  @IsUUID('all', { each: true, message: 'each must be a location id' })
  locations?: string[];

  @ApiProperty({
    required: false,
    example: 6,
    type: 'integer',
    minimum: 1,
    maximum: REQUEST_LIMITS.count,
    description: 'More than 1 for group sessions.',
  })
  @MayBeOmitted()
  @IsInt()
  @Min(1)
  @Max(REQUEST_LIMITS.count)
  maxAttendees?: number;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: 'Assessment and first treatment.',
    description: '`null` clears it.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;

  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: 'physiotherapy',
    description: '`null` clears it.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  category?: string | null;

  @ApiProperty({ required: false, type: String, nullable: true, example: '560', description: '`null` clears it.' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  itemCode?: string | null;

  @ApiProperty({
    required: false,
    type: [CreateBillableItemRequest],
    description:
      'Replaces the billable items; an item sent with every field as it is keeps its `id`. `[]` removes them all.',
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => CreateBillableItemRequest)
  billableItems?: CreateBillableItemRequest[];
}
