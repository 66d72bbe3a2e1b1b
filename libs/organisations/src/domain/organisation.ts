import { invalidField, newPrefixedId } from '@app/shared/domain';
import { type BookingSettings, DEFAULT_BOOKING_SETTINGS } from './booking-settings.js';
import { applyChanges, sentFields } from './changes.js';

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
  /** When it last changed, booking settings included; `createdAt` until then. */
  updatedAt: Date;
  bookingsEnabled: boolean;
  /** False for a sandbox: its messages are recorded, never sent. Fixed at creation. */
  livemode: boolean;
  brandImageUrl: string | null;
  wordmarkImageUrl: string | null;
  /** Deprecated in the API, still stored and returned. */
  websiteUrl: string | null;
  bookingSettings: BookingSettings;

  static create(
    props: { name: string; slug: string; bookingsEnabled?: boolean; livemode?: boolean },
    now: Date,
  ): Organisation {
    const organisation = new Organisation();
    organisation.id = newPrefixedId('org', now);
    organisation.name = validName(props.name);
    organisation.slug = props.slug;
    organisation.createdAt = now;
    organisation.updatedAt = now;
    organisation.bookingsEnabled = props.bookingsEnabled ?? false;
    organisation.livemode = props.livemode ?? true;
    organisation.brandImageUrl = null;
    organisation.wordmarkImageUrl = null;
    organisation.websiteUrl = null;
    organisation.bookingSettings = { ...DEFAULT_BOOKING_SETTINGS };
    return organisation;
  }

  /** Applies the fields sent; whether anything changed. */
  update(changes: OrganisationChanges, now: Date): boolean {
    return applyChanges<Organisation>(
      this,
      {
        name: changes.name === undefined ? undefined : validName(changes.name),
        websiteUrl: changes.websiteUrl,
        brandImageUrl: changes.brandImageUrl,
        wordmarkImageUrl: changes.wordmarkImageUrl,
      },
      now,
    );
  }

  /** Applies the settings sent and `bookingsEnabled`; whether anything changed. */
  updateBookingSettings(changes: Partial<BookingSettings> & { bookingsEnabled?: boolean }, now: Date): boolean {
    const { bookingsEnabled, ...settings } = changes;
    const next = { ...this.bookingSettings, ...sentFields(settings) };
    if (next.cancellationFeeEnabled && next.cancellationFeeAmount === null && next.cancellationFeePercent === null) {
      throw invalidField(
        'cancellationFeeAmount',
        'required',
        'a cancellation fee needs cancellationFeeAmount or cancellationFeePercent',
      );
    }
    return applyChanges<Organisation>(this, { bookingsEnabled, bookingSettings: next }, now);
  }
}

function validName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw invalidField('name', 'required', 'must not be empty');
  if (trimmed.length > MAX_NAME_LENGTH)
    throw invalidField('name', 'too_long', `must be at most ${MAX_NAME_LENGTH} characters`);
  return trimmed;
}
