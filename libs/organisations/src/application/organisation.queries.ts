import type { Caller } from '@app/shared';
import type { Page, PageRequest } from '@app/shared/domain';
import type { BookingSettings } from '../domain/booking-settings.js';
import type { Organisation } from '../domain/organisation.js';

/** Reads of organisations: the routes' lists and gets, and what other contexts and the access guard ask. */
export abstract class OrganisationQueries {
  /** A platform key sees every organisation; an organisation key only its own. */
  abstract list(caller: Caller, page: PageRequest): Promise<Page<Organisation>>;
  abstract get(organisationId: string): Promise<Organisation>;
  /** Throws the organisation's 404 when there is no such organisation. */
  abstract assertExists(organisationId: string): Promise<void>;
  /** The organisation that owns a business, or `null` when there is no such business. */
  abstract organisationIdOfBusiness(businessId: string): Promise<string | null>;
  /** Whether the organisation owns the business, in the same time for another organisation's business as for none. */
  abstract ownsBusiness(organisationId: string, businessId: string): Promise<boolean>;
  abstract bookingSettings(organisationId: string): Promise<BookingSettings>;
  /** The organisation an `org_…` id or a slug names, for public pages. */
  abstract findByIdOrSlug(idOrSlug: string): Promise<Organisation | null>;
}
