import { invalidField, newPrefixedId } from '@app/shared/domain';
import { type BookingSettings, DEFAULT_BOOKING_SETTINGS } from './booking-settings.js';

export const MAX_NAME_LENGTH = 200;

/** The fields a PATCH may change; `undefined` leaves a field as it is, `null` clears a URL. */
export interface OrganisationChanges {
  name?: string;
  websiteUrl?: string | null;
  brandImageUrl?: string | null;
  wordmarkImageUrl?: string | null;
}

/** A clinic group: the tenant that owns businesses, locations, practitioners and clients. */
export class Organisation {
  id: string;
  name: string;
  /** Made unique from the name at creation; never changes, since booking pages link to it. */
  slug: string;
  createdAt: Date;
  bookingsEnabled: boolean;
  brandImageUrl: string | null;
  wordmarkImageUrl: string | null;
  /** Deprecated in the API, still stored and returned. */
  websiteUrl: string | null;
  bookingSettings: BookingSettings;

  static create(props: { name: string; slug: string; bookingsEnabled?: boolean }, now: Date): Organisation {
    const organisation = new Organisation();
    organisation.id = newPrefixedId('org', now);
    organisation.name = validName(props.name);
    organisation.slug = props.slug;
    organisation.createdAt = now;
    organisation.bookingsEnabled = props.bookingsEnabled ?? false;
    organisation.brandImageUrl = null;
    organisation.wordmarkImageUrl = null;
    organisation.websiteUrl = null;
    organisation.bookingSettings = { ...DEFAULT_BOOKING_SETTINGS };
    return organisation;
  }

  update(changes: OrganisationChanges): void {
    if (changes.name !== undefined) this.name = validName(changes.name);
    if (changes.websiteUrl !== undefined) this.websiteUrl = changes.websiteUrl;
    if (changes.brandImageUrl !== undefined) this.brandImageUrl = changes.brandImageUrl;
    if (changes.wordmarkImageUrl !== undefined) this.wordmarkImageUrl = changes.wordmarkImageUrl;
  }

  updateBookingSettings(changes: Partial<BookingSettings> & { bookingsEnabled?: boolean }): void {
    const { bookingsEnabled, ...settings } = changes;
    if (bookingsEnabled !== undefined) this.bookingsEnabled = bookingsEnabled;
    const defined = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
    const next = { ...this.bookingSettings, ...defined };
    if (next.cancellationFeeEnabled && next.cancellationFeeAmount === null && next.cancellationFeePercent === null) {
      throw invalidField('cancellationFeeAmount', 'required', 'a cancellation fee needs cancellationFeeAmount or cancellationFeePercent');
    }
    this.bookingSettings = next;
  }
}

function validName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw invalidField('name', 'required', 'must not be empty');
  if (trimmed.length > MAX_NAME_LENGTH) throw invalidField('name', 'too_long', `must be at most ${MAX_NAME_LENGTH} characters`);
  return trimmed;
}
