import type { Page, PageRequest } from '@app/shared/domain';
import type { AppointmentType } from '../domain/appointment-type.js';

/** Reads of an organisation's appointment types: its routes' lists and gets, and what bookings and other contexts ask. */
export abstract class AppointmentTypeQueries {
  /** Newest first, archived ones only when asked for; in sync mode (`updatedSince`) by `updatedAt, id`, archived ones included. */
  abstract list(
    organisationId: string,
    page: PageRequest & { includeDeleted?: boolean },
  ): Promise<Page<AppointmentType>>;
  /** Archived or not. */
  abstract get(organisationId: string, id: string): Promise<AppointmentType>;
  /** Appointment types by id, in one statement. */
  abstract byIds(organisationId: string, ids: readonly string[]): Promise<Map<string, AppointmentType>>;
  /** What patients may book: types not deleted, oldest first. */
  abstract offered(organisationId: string): Promise<AppointmentType[]>;
  /** The organisation's appointment type when patients may book it (not deleted); `null` otherwise. */
  abstract findOffered(organisationId: string, id: string): Promise<AppointmentType | null>;
}
