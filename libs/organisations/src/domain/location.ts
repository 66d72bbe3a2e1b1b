import { invalidField, newUuid } from '@app/shared/domain';
import { applyChanges, sentFields } from './changes.js';
import { canonicalTimeZone, isIanaTimeZone } from './time-zone.js';

export interface Address {
  line1: string | null;
  line2: string | null;
  suburb: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  countryCode: string | null;
}

/** Where a location's registration with a payer stands: only an `active` one may claim. */
export const REGISTRATION_STATUSES = ['pending', 'active', 'inactive'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** A location's registrations with Medicare (PRODA) and private health insurers. */
export interface Registration {
  medicare: {
    minorId: string | null;
    prodaLocationId: string | null;
    status: RegistrationStatus | null;
    providerAgreementSubmissionUrl: string | null;
    isUsingOtherClaimSoftware: boolean;
  } | null;
  phi: { phiLocationId: string | null; status: RegistrationStatus | null } | null;
}

/** Whether the location may claim from Medicare (an active registration with a minor id) or a health fund (an active one). */
export function activeRegistration(registrations: readonly Registration[], payer: 'medicare' | 'phi'): boolean {
  return payer === 'medicare'
    ? medicareMinorIdOf(registrations) !== null
    : registrations.some((registration) => registration.phi?.status === 'active');
}

/** Whether the terminal is one of the location's own: a health fund claim there is made only at one of them. */
export const hasTerminal = (location: Pick<Location, 'terminalIds'>, terminalId: string): boolean =>
  location.terminalIds.includes(terminalId);

/** The minor id of the location's active Medicare registration, which a Medicare claim names; `null` when none has one. */
export function medicareMinorIdOf(registrations: readonly Registration[]): string | null {
  const active = registrations.find(({ medicare }) => medicare?.status === 'active' && medicare.minorId);
  return active?.medicare?.minorId ?? null;
}

type MedicareRegistration = NonNullable<Registration['medicare']>;
type PhiRegistration = NonNullable<Registration['phi']>;

export interface RegistrationInput {
  medicare?: Partial<MedicareRegistration> | null;
  phi?: Partial<PhiRegistration> | null;
}

export interface NewLocation {
  businessId: string;
  name: string;
  timeZone: string;
  address: Partial<Address>;
  email?: string | null;
  suggestedTaxIdentifier?: string | null;
  bookingCustomText?: string | null;
  registrations?: RegistrationInput[];
  terminalIds?: string[];
}

/**
 * What a PATCH may change: `undefined` leaves a field as it is, `null` clears a nullable one; in
 * `address` only the parts sent change (`null` clears a part); `registrations` and `terminalIds` are
 * replaced whole.
 */
export interface LocationChanges {
  businessId?: string;
  name?: string;
  timeZone?: string;
  address?: Partial<Address>;
  email?: string | null;
  suggestedTaxIdentifier?: string | null;
  bookingCustomText?: string | null;
  registrations?: RegistrationInput[];
  terminalIds?: string[];
}

/** A place where practitioners see patients. */
export class Location {
  id: string;
  organisationId: string;
  businessId: string;
  name: string;
  timeZone: string;
  address: Address;
  email: string | null;
  suggestedTaxIdentifier: string | null;
  bookingCustomText: string | null;
  registrations: Registration[];
  /**
   * The claiming terminals installed here (`HICAPS-T-0042`): a health fund claim at the location
   * names one of them or none, as the patient's card is swiped at one of the practice's own.
   */
  terminalIds: string[];
  createdAt: Date;
  /** When it last changed; `createdAt` until then. */
  updatedAt: Date;

  static create(organisationId: string, props: NewLocation, now: Date): Location {
    const location = new Location();
    location.id = newUuid();
    location.organisationId = organisationId;
    location.businessId = props.businessId;
    location.name = props.name;
    location.timeZone = validTimeZone(props.timeZone);
    location.address = {
      line1: null,
      line2: null,
      suburb: null,
      city: null,
      state: null,
      postcode: null,
      country: null,
      countryCode: null,
      ...props.address,
    };
    location.email = props.email ?? null;
    location.suggestedTaxIdentifier = props.suggestedTaxIdentifier ?? null;
    location.bookingCustomText = props.bookingCustomText ?? null;
    location.registrations = (props.registrations ?? []).map(toRegistration);
    location.terminalIds = terminalsOf(props.terminalIds ?? []);
    location.createdAt = now;
    location.updatedAt = now;
    return location;
  }

  /**
   * The time zone `changes` would move the location to, checked as the create checks it, or `null`
   * when they leave it where it is. Whether it may move (no upcoming bookings) is the caller's to
   * know: bookings are not here.
   */
  newTimeZoneIn(changes: LocationChanges): string | null {
    if (changes.timeZone === undefined) return null;
    const timeZone = validTimeZone(changes.timeZone);
    return timeZone === this.timeZone ? null : timeZone;
  }

  /** Applies the fields sent, checked as the create checks them; whether anything changed. */
  update(changes: LocationChanges, now: Date): boolean {
    return applyChanges<Location>(
      this,
      {
        businessId: changes.businessId,
        name: changes.name,
        timeZone: changes.timeZone === undefined ? undefined : validTimeZone(changes.timeZone),
        address: changes.address === undefined ? undefined : { ...this.address, ...sentFields(changes.address) },
        email: changes.email,
        suggestedTaxIdentifier: changes.suggestedTaxIdentifier,
        bookingCustomText: changes.bookingCustomText,
        registrations: changes.registrations?.map(toRegistration),
        terminalIds: changes.terminalIds && terminalsOf(changes.terminalIds),
      },
      now,
    );
  }
}

function validTimeZone(value: string): string {
  if (!isIanaTimeZone(value))
    throw invalidField('timeZone', 'invalid_time_zone', 'must be an IANA time zone such as Australia/Sydney');
  return canonicalTimeZone(value);
}

/** The terminals as listed, each once. */
const terminalsOf = (terminalIds: readonly string[]): string[] => [...new Set(terminalIds)];

function toRegistration(input: RegistrationInput): Registration {
  return {
    medicare: input.medicare
      ? {
          minorId: input.medicare.minorId ?? null,
          prodaLocationId: input.medicare.prodaLocationId ?? null,
          status: input.medicare.status ?? null,
          providerAgreementSubmissionUrl: input.medicare.providerAgreementSubmissionUrl ?? null,
          isUsingOtherClaimSoftware: input.medicare.isUsingOtherClaimSoftware ?? false,
        }
      : null,
    phi: input.phi ? { phiLocationId: input.phi.phiLocationId ?? null, status: input.phi.status ?? null } : null,
  };
}
