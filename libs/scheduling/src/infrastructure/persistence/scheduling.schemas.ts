import { EntitySchema } from '@mikro-orm/core';
import { JSONB, TEXT, TIMESTAMP, UUID } from '@app/shared';
import { AppointmentType } from '../../domain/appointment-type.js';
import { Booking } from '../../domain/booking.js';
import { BookingCounts, BookingDayCounts } from '../../domain/booking-counts.js';
import { TimeOff } from '../../domain/time-off.js';
import { WorkingHours } from '../../domain/working-hours.js';

export const AppointmentTypeSchema = new EntitySchema<AppointmentType>({
  class: AppointmentType,
  tableName: 'appointment_types',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    name: TEXT,
    durationMinutes: { type: 'integer' },
    price: { type: 'integer' },
    providerIds: { type: 'string[]', columnType: 'uuid[]' },
    locationIds: { type: 'string[]', columnType: 'uuid[]' },
    maxAttendees: { type: 'integer' },
    description: { ...TEXT, nullable: true },
    category: { ...TEXT, nullable: true },
    itemCode: { ...TEXT, nullable: true },
    billableItems: JSONB,
    deleted: { type: 'boolean' },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const BookingSchema = new EntitySchema<Booking>({
  class: Booking,
  tableName: 'bookings',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    clientId: UUID,
    providerId: UUID,
    locationId: UUID,
    appointmentTypeId: UUID,
    providerLocationLinkId: UUID,
    serviceDate: TIMESTAMP,
    endsAt: TIMESTAMP,
    servicePrice: { type: 'integer' },
    paid: { type: 'boolean' },
    invoiced: { type: 'boolean' },
    adjustments: JSONB,
    cancelledAt: { ...TIMESTAMP, nullable: true },
    paymentMethodId: { ...UUID, nullable: true },
    healthFundCardId: { ...UUID, nullable: true },
    pmsBookingId: { ...TEXT, nullable: true },
    pmsAttendeeId: { ...TEXT, nullable: true },
    manageTokenHash: { ...TEXT, nullable: true },
    attendance: { ...TEXT, default: 'pending' },
    arrivedAt: { ...TIMESTAMP, nullable: true },
    noShowFeeChargedAt: { ...TIMESTAMP, nullable: true },
    seriesId: { ...UUID, nullable: true },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const WorkingHoursSchema = new EntitySchema<WorkingHours>({
  class: WorkingHours,
  tableName: 'working_hours',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    providerId: UUID,
    locationId: UUID,
    dayOfWeek: { type: 'smallint' },
    startTime: TEXT,
    endTime: TEXT,
  },
});

export const TimeOffSchema = new EntitySchema<TimeOff>({
  class: TimeOff,
  tableName: 'time_off',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    providerId: UUID,
    startsAt: TIMESTAMP,
    endsAt: TIMESTAMP,
    reason: { ...TEXT, nullable: true },
    createdAt: TIMESTAMP,
  },
});

/** Written only by the trigger of migration `BookingDayCounts`; mapped so the read side reads it by its mapping. */
export const BookingCountsSchema = new EntitySchema<BookingCounts>({
  class: BookingCounts,
  tableName: 'booking_counts',
  properties: {
    organisationId: { ...TEXT, primary: true },
    bookings: { type: 'integer' },
    cancelled: { type: 'integer' },
  },
});

/** Written only by the trigger of migration `BookingDayCounts`, beside `booking_counts`. */
export const BookingDayCountsSchema = new EntitySchema<BookingDayCounts>({
  class: BookingDayCounts,
  tableName: 'booking_day_counts',
  properties: {
    organisationId: { ...TEXT, primary: true },
    day: { type: 'date', columnType: 'date', primary: true },
    bookings: { type: 'integer' },
    cancelled: { type: 'integer' },
  },
});
