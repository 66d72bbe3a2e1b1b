import { invalidField, newUuid } from '@app/shared/domain';
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

/** A location's registrations with Medicare (PRODA) and private health insurers. */
export interface Registration {
  medicare: {
    minorId: string | null;
    prodaLocationId: string | null;
    status: string | null;
    providerAgreementSubmissionUrl: string | null;
    isUsingOtherClaimSoftware: boolean;
  } | null;
  phi: { phiLocationId: string | null; status: string | null } | null;
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
  createdAt: Date;

  static create(organisationId: string, props: NewLocation, now: Date): Location {
    if (!isIanaTimeZone(props.timeZone)) throw invalidField('timeZone', 'invalid_time_zone', 'must be an IANA time zone such as Australia/Sydney');
    const location = new Location();
    location.id = newUuid();
    location.organisationId = organisationId;
    location.businessId = props.businessId;
    location.name = props.name;
    location.timeZone = canonicalTimeZone(props.timeZone);
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
    location.createdAt = now;
    return location;
  }
}

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
