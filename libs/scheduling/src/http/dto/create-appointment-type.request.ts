import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CENTS_SCHEMA, IsCents, IsPercent, MayBeOmitted, REQUEST_LIMITS } from '@app/shared';

export class ServiceItemDto {
  @ApiProperty({ required: false, example: 'si_560' }) @MayBeOmitted() @IsString() @MaxLength(100) id?: string;
  @ApiProperty({ required: false, example: '560' }) @MayBeOmitted() @IsString() @MaxLength(20) itemCode?: string;
  @ApiProperty({ required: false, example: 'physiotherapy' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(100)
  category?: string;
  @ApiProperty({ required: false, example: 'Initial physiotherapy consultation' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(500)
  description?: string;
}

export class CreateBillableItemRequest {
  @ApiProperty({ example: 'Initial consultation', maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiProperty({ example: 9500, ...CENTS_SCHEMA, description: 'Integer cents, before tax.' })
  @IsCents()
  basePrice: number;

  @ApiProperty({
    required: false,
    example: 0,
    default: 0,
    minimum: 0,
    maximum: REQUEST_LIMITS.percent,
    description: 'Tax percent, e.g. 10 for GST. Health services are usually GST-free.',
  })
  @MayBeOmitted()
  @IsPercent()
  taxRate?: number;

  @ApiProperty({ required: false, example: '560' }) @MayBeOmitted() @IsString() @MaxLength(20) itemCode?: string;
  @ApiProperty({ required: false, example: 'pms_bi_88213' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(100)
  pmsBillableItemId?: string;

  @ApiProperty({ required: false, type: ServiceItemDto })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => ServiceItemDto)
  serviceItem?: ServiceItemDto;
}

export class CreateAppointmentTypeRequest {
  @ApiProperty({ example: 'Initial physiotherapy consultation', maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiProperty({ example: 45, type: 'integer', minimum: 5, maximum: REQUEST_LIMITS.minutes })
  @IsInt()
  @Min(5)
  @Max(REQUEST_LIMITS.minutes)
  durationMinutes: number;

  @ApiProperty({ example: 9500, ...CENTS_SCHEMA, description: 'Integer cents.' })
  @IsCents()
  price: number;

  @ApiProperty({
    type: [String],
    example: ['0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a'],
    description: 'Providers of this organisation who offer it.',
  })
  @IsArray()
  @ArrayMaxSize(REQUEST_LIMITS.count)
  @IsUUID('all', { each: true, message: 'each must be a provider id' })
  providers: string[];

  @ApiProperty({
    type: [String],
    example: ['0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f'],
    description: 'Locations of this organisation where it is offered.',
  })
  @IsArray()
  @ArrayMaxSize(REQUEST_LIMITS.count)
  @IsUUID('all', { each: true, message: 'each must be a location id' })
  locations: string[];

  @ApiProperty({
    required: false,
    example: 1,
    default: 1,
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

  @ApiProperty({ required: false, example: 'Assessment and first treatment.' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(2000)
  description?: string;
  @ApiProperty({ required: false, example: 'physiotherapy' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(100)
  category?: string;
  @ApiProperty({ required: false, example: '560' }) @MayBeOmitted() @IsString() @MaxLength(20) itemCode?: string;

  @ApiProperty({ required: false, type: [CreateBillableItemRequest] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => CreateBillableItemRequest)
  billableItems?: CreateBillableItemRequest[];
}
