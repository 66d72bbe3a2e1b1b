import { EntitySchema } from '@mikro-orm/core';
import { AppointmentType } from '../../domain/appointment-type.js';
import { Booking } from '../../domain/booking.js';
import { BookingCounts } from '../../domain/booking-counts.js';

const TIMESTAMP = { type: 'Date', columnType: 'timestamptz(3)' } as const;
const UUID = { type: 'uuid', columnType: 'uuid' } as const;

export const AppointmentTypeSchema = new EntitySchema<AppointmentType>({
  class: AppointmentType,
  tableName: 'appointment_types',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    name: { type: 'string' },
    durationMinutes: { type: 'integer' },
    price: { type: 'integer' },
    providerIds: { type: 'string[]', columnType: 'uuid[]' },
    locationIds: { type: 'string[]', columnType: 'uuid[]' },
    maxAttendees: { type: 'integer' },
    description: { type: 'string', nullable: true },
    category: { type: 'string', nullable: true },
    itemCode: { type: 'string', nullable: true },
    billableItems: { type: 'json', columnType: 'jsonb' },
    deleted: { type: 'boolean' },
    createdAt: TIMESTAMP,
  },
});

export const BookingSchema = new EntitySchema<Booking>({
  class: Booking,
  tableName: 'bookings',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
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
    adjustments: { type: 'json', columnType: 'jsonb' },
    cancelledAt: { ...TIMESTAMP, nullable: true },
    paymentMethodId: { ...UUID, nullable: true },
    healthFundCardId: { ...UUID, nullable: true },
    pmsBookingId: { type: 'string', nullable: true },
    pmsAttendeeId: { type: 'string', nullable: true },
    createdAt: TIMESTAMP,
  },
});

/** Written only by the triggers of migration `BookingCounts`; mapped so the read side reads it by its mapping. */
export const BookingCountsSchema = new EntitySchema<BookingCounts>({
  class: BookingCounts,
  tableName: 'booking_counts',
  properties: {
    organisationId: { type: 'string', columnType: 'text', primary: true },
    bookings: { type: 'integer' },
    cancelled: { type: 'integer' },
  },
});
