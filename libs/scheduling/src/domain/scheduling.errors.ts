import { conflict, DomainError, invalidField, notFound } from '@app/shared/domain';

export const bookingNotFound = (id: string): DomainError => notFound('Booking', id);

export const bookingAlreadyCancelled = (id: string): DomainError =>
  conflict('booking_already_cancelled', `Booking ${id} is already cancelled.`);

export const bookingInPast = (id: string, change: 'cancelled' | 'rescheduled'): DomainError =>
  conflict('booking_in_past', `Booking ${id} has already taken place and cannot be ${change}.`);

export const bookingCancelled = (id: string): DomainError =>
  conflict('booking_cancelled', `Booking ${id} is cancelled.`);

export const bookingNotStarted = (id: string, reason: string): DomainError =>
  conflict('booking_not_started', `Booking ${id} cannot be marked yet: ${reason}.`);

/** `conflicts`: the start of each time that does not fit, so a client can pick others (every occurrence of a repeat is checked). */
export const slotUnavailable = (conflicts: Date[] = []): DomainError =>
  conflict(
    'slot_unavailable',
    conflicts.length > 1
      ? `The provider already has bookings at ${conflicts.length} of these times.`
      : 'The provider already has a booking at that time.',
    conflicts.length > 0 ? { conflicts: conflicts.map((date) => date.toISOString()) } : undefined,
  );

export const rescheduleNotAllowed = (): DomainError =>
  conflict(
    'reschedule_not_allowed',
    "The clinic's policy does not let this booking be moved online now. Contact the clinic to change it.",
  );

export const cancelNotAllowed = (): DomainError =>
  conflict(
    'cancel_not_allowed',
    "The clinic's policy does not let this booking be cancelled online. Contact the clinic to cancel it.",
  );

export const notLinked = (): DomainError => providerNotAtLocation('locationId');

export const notOffered = (): DomainError =>
  invalidField(
    'appointmentTypeId',
    'not_offered',
    'this appointment type is not offered by the provider at the location',
  );

export const bookingsDisabled = (): DomainError =>
  conflict('bookings_disabled', 'This organisation does not take bookings online.');

export const providerNotFound = (id: string): DomainError => notFound('Provider', id);

export const timeOffNotFound = (id: string): DomainError => notFound('Time off', id);

export const providerNotAtLocation = (field: string): DomainError =>
  invalidField(field, 'provider_not_at_location', 'the provider has no live link to this location');

export const providerDeleted = (id: string): DomainError => conflict('provider_deleted', `Provider ${id} is deleted.`);

export const appointmentTypeNotFound = (id: string): DomainError => notFound('Appointment type', id);

export const appointmentTypeDeleted = (id: string): DomainError =>
  conflict('appointment_type_deleted', `Appointment type ${id} is archived: it takes no new bookings.`);

export const clientDeleted = (id: string): DomainError =>
  conflict('client_deleted', `Client ${id} is archived: it takes no new bookings.`);

export const locationLinkDeleted = (providerId: string, locationId: string): DomainError =>
  conflict(
    'location_link_deleted',
    `The link of provider ${providerId} to location ${locationId} is archived: it takes no new bookings there.`,
  );

/** The token never appears in the answer: it is the patient's secret. */
export const manageTokenNotFound = (): DomainError =>
  new DomainError('not_found', 'not_found', 'No booking has this manage token.');

export const noPaymentMethod = (id: string): DomainError =>
  conflict('no_payment_method', `Booking ${id} has no payment method to charge the fee to.`);
