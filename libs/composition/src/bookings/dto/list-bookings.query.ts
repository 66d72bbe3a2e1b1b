import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { IsDateTimeWithOffset, ListQueryParam, MayBeOmitted, PageQuery } from '@app/shared';
import {
  ATTENDANCES,
  type Attendance,
  BOOKING_EXPANSIONS,
  type BookingExpansion,
  type BookingStatus,
} from '@app/scheduling';

const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

const EXPAND_DESCRIPTION =
  'Optional parts to include (a longer path implies its prefixes): `paymentMethod`, `healthFundCard`, `cancellationPolicy`, `latestTransaction`, `latestTransaction.transactionItems.billableItem`, `location.business.capabilities`, `providerLocationLink`, `pmsAttendeeId`, `location.registrations`, `appointmentType.billableItems.serviceItem`.';

export class BookingExpandQuery {
  @ListQueryParam(BOOKING_EXPANSIONS, EXPAND_DESCRIPTION, ['cancellationPolicy', 'latestTransaction'])
  expand?: BookingExpansion[];
}

class BookingFiltersQuery extends PageQuery {
  @ListQueryParam(['confirmed', 'cancelled'], 'Only bookings with these statuses.', ['confirmed'])
  status?: BookingStatus[];

  @ApiProperty({
    required: false,
    format: 'date-time',
    example: '2026-12-01T00:00:00.000Z',
    description: 'Service date from (inclusive).',
  })
  @MayBeOmitted()
  @IsDateTimeWithOffset({
    message: 'serviceDateMin must be an ISO 8601 date-time with Z or an offset, from 1900 to 2999',
  })
  serviceDateMin?: string;

  @ApiProperty({
    required: false,
    format: 'date-time',
    example: '2027-01-01T00:00:00.000Z',
    description: 'Service date before (exclusive).',
  })
  @MayBeOmitted()
  @IsDateTimeWithOffset({
    message: 'serviceDateMax must be an ISO 8601 date-time with Z or an offset, from 1900 to 2999',
  })
  serviceDateMax?: string;

  @ApiProperty({ required: false, enum: ['true', 'false'], example: 'false' })
  @MayBeOmitted()
  @Transform(toBoolean)
  @IsBoolean({ message: 'paid must be true or false' })
  paid?: boolean;

  @ApiProperty({ required: false, example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' })
  @MayBeOmitted()
  @IsUUID('all', { message: 'providerId must be a provider id' })
  providerId?: string;

  @ApiProperty({ required: false, example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f' })
  @MayBeOmitted()
  @IsUUID('all', { message: 'locationId must be a location id' })
  locationId?: string;

  @ApiProperty({ required: false, example: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80' })
  @MayBeOmitted()
  @IsUUID('all', { message: 'clientId must be a client id' })
  clientId?: string;

  @ApiProperty({
    required: false,
    maxLength: 254,
    example: 'chen',
    description:
      "Only bookings whose client's first name, last name or full name (`alex ch`) starts with this, ignoring case and accents.",
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(254)
  @Matches(/[\p{L}\p{N}]/u, { message: 'q must contain a letter or a digit' })
  q?: string;

  @ListQueryParam(ATTENDANCES, 'Only bookings with these attendances.', ['no_show'])
  attendance?: Attendance[];

  @ApiProperty({
    required: false,
    example: '0193a6fc-1a2b-7c3d-8e4f-5a6b7c8d9e10',
    description: 'Only the occurrences of this repeat series.',
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'seriesId must be a series id' })
  seriesId?: string;
}

export class ListBookingsQuery extends IntersectionType(BookingFiltersQuery, BookingExpandQuery) {}
