import { conflict, DomainError, notFound } from '@app/shared/domain';

export const organisationNotFound = (id: string): DomainError => notFound('Organisation', id);

export const slugTaken = (slug: string): DomainError =>
  conflict('slug_taken', `The slug "${slug}" is already used by another organisation.`);

export const locationHasBookings = (id: string): DomainError =>
  conflict(
    'location_has_bookings',
    `Location ${id} has upcoming confirmed bookings, whose times were chosen in its time zone: move or cancel them before changing it.`,
  );
