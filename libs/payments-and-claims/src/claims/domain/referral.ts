import { type FieldError, isIsoDate, newUuid, nextUpdatedAt, validationFailed } from '@app/shared/domain';

export const REFERRAL_TYPES = ['gp_chronic_disease_management', 'specialist', 'other'] as const;
export type ReferralType = (typeof REFERRAL_TYPES)[number];

/** A GP's chronic disease management plan refers this many allied health services unless it says otherwise. */
export const GP_PLAN_SESSIONS = 5;
/** How long a referral other than a GP's plan lasts when it does not say: 12 months from its issue. */
export const REFERRAL_MONTHS = 12;
/** The most sessions one referral may name. */
export const MAX_SESSIONS_REFERRED = 100;
export const MAX_PROVIDER_NAME_LENGTH = 200;
/** The days a referral's dates may name. */
export const REFERRAL_DAYS = { earliest: '1900-01-01', latest: '2999-12-31' } as const;

/**
 * Whether a text is a valid Medicare provider number. The rule is practitioners'; the caller hands
 * it in, as a domain imports no other context.
 */
export type ProviderNumberRule = (value: string) => boolean;

export interface NewReferral {
  type: ReferralType;
  referringProviderNumber: string;
  referringProviderName: string;
  /** `YYYY-MM-DD`. */
  issuedOn: string;
  /** `YYYY-MM-DD`, or null for none. Left out: none for a GP's plan, 12 months after `issuedOn` otherwise. */
  expiresOn?: string | null;
  /** As written on the referral, or null for no limit. Left out: 5 for a GP's plan, no limit otherwise. */
  sessionsReferred?: number | null;
}

/** An edit: only the fields given change (`null` clears `expiresOn` and `sessionsReferred`); no default is applied again. */
export type ReferralChanges = Partial<NewReferral>;

/** What a referral says, checked. */
type ReferralValues = Required<NewReferral>;

/** What a referral makes of a service on a day. */
export type Coverage = 'covered' | 'not_yet_issued' | 'expired';

/**
 * A referral of a client, as the referring practitioner wrote it: Medicare pays referred services
 * (`needsReferral`) only under one that covers the day of the service and has sessions left. It
 * covers services on the days from `issuedOn` to `expiresOn`, both included.
 */
export class Referral {
  id: string;
  organisationId: string;
  clientId: string;
  type: ReferralType;
  referringProviderNumber: string;
  referringProviderName: string;
  issuedOn: string;
  expiresOn: string | null;
  sessionsReferred: number | null;
  deleted: boolean;
  createdAt: Date;
  /** When it last changed; `createdAt` until it changes. */
  updatedAt: Date;

  static create(
    organisationId: string,
    clientId: string,
    props: NewReferral,
    now: Date,
    isProviderNumber: ProviderNumberRule,
  ): Referral {
    const referral = new Referral();
    referral.id = newUuid();
    referral.organisationId = organisationId;
    referral.clientId = clientId;
    Object.assign(referral, checked(withDefaults(props), isProviderNumber));
    referral.deleted = false;
    referral.createdAt = now;
    referral.updatedAt = now;
    return referral;
  }

  /** Applies the fields given, checked as a new referral's are; true when anything changed. */
  update(changes: ReferralChanges, now: Date, isProviderNumber: ProviderNumberRule): boolean {
    const given = <K extends keyof ReferralValues>(key: K): ReferralValues[K] =>
      changes[key] === undefined ? this[key] : (changes[key] as ReferralValues[K]);
    const values = checked(
      {
        type: given('type'),
        referringProviderNumber: given('referringProviderNumber'),
        referringProviderName: given('referringProviderName'),
        issuedOn: given('issuedOn'),
        expiresOn: given('expiresOn'),
        sessionsReferred: given('sessionsReferred'),
      },
      isProviderNumber,
    );
    if ((Object.keys(values) as (keyof ReferralValues)[]).every((key) => values[key] === this[key])) return false;
    Object.assign(this, values);
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** Marks it deleted: no new claim is made under it. False when it already was. */
  archive(now: Date): boolean {
    if (this.deleted) return false;
    this.deleted = true;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** Whether it covers a service on `day` (`YYYY-MM-DD`): issued by then, and not expired. */
  coverageOn(day: string): Coverage {
    if (day < this.issuedOn) return 'not_yet_issued';
    if (this.expiresOn !== null && day > this.expiresOn) return 'expired';
    return 'covered';
  }

  /** Whether `taking` more sessions fit in what it refers, `used` being taken already. */
  hasSessionsFor(used: number, taking: number): boolean {
    return this.sessionsReferred === null || used + taking <= this.sessionsReferred;
  }
}

function withDefaults(props: NewReferral): ReferralValues {
  const plan = props.type === 'gp_chronic_disease_management';
  const expiresOn =
    props.expiresOn !== undefined || plan || !isReferralDay(props.issuedOn)
      ? (props.expiresOn ?? null)
      : minDay(monthsAfter(props.issuedOn, REFERRAL_MONTHS), REFERRAL_DAYS.latest);
  return {
    type: props.type,
    referringProviderNumber: props.referringProviderNumber,
    referringProviderName: props.referringProviderName,
    issuedOn: props.issuedOn,
    expiresOn,
    sessionsReferred: props.sessionsReferred !== undefined ? props.sessionsReferred : plan ? GP_PLAN_SESSIONS : null,
  };
}

/** The values as stored (the provider number in capitals), or a 400 naming every field that is wrong. */
function checked(values: ReferralValues, isProviderNumber: ProviderNumberRule): ReferralValues {
  const errors: FieldError[] = [];
  const wrong = (field: string, code: string, message: string) => errors.push({ field, code, message });
  if (!(REFERRAL_TYPES as readonly string[]).includes(values.type))
    wrong('type', 'invalid_value', `must be one of: ${REFERRAL_TYPES.join(', ')}`);
  if (!isProviderNumber(values.referringProviderNumber))
    wrong(
      'referringProviderNumber',
      'invalid_provider_number',
      'must be a Medicare provider number: 6 digits, a practice location character (1-9 or a letter but I, O, S and Z) and a valid check character',
    );
  const name = values.referringProviderName.trim();
  if (name === '') wrong('referringProviderName', 'required', 'is required');
  if (name.length > MAX_PROVIDER_NAME_LENGTH)
    wrong('referringProviderName', 'too_long', `must be at most ${MAX_PROVIDER_NAME_LENGTH} characters`);
  const issued = isReferralDay(values.issuedOn);
  if (!issued) wrong('issuedOn', 'invalid_format', DAY_MESSAGE);
  if (values.expiresOn !== null && !isReferralDay(values.expiresOn))
    wrong('expiresOn', 'invalid_format', `${DAY_MESSAGE}, or null`);
  else if (issued && values.expiresOn !== null && values.expiresOn < values.issuedOn)
    wrong('expiresOn', 'before_issued_on', 'must not be before issuedOn');
  const sessions = values.sessionsReferred;
  if (sessions !== null && (!Number.isInteger(sessions) || sessions < 1 || sessions > MAX_SESSIONS_REFERRED))
    wrong('sessionsReferred', 'out_of_range', `must be a whole number from 1 to ${MAX_SESSIONS_REFERRED}, or null`);
  if (errors.length > 0) throw validationFailed(errors);
  return {
    ...values,
    referringProviderNumber: values.referringProviderNumber.toUpperCase(),
    referringProviderName: name,
  };
}

const DAY_MESSAGE = `must be a date as YYYY-MM-DD, from ${REFERRAL_DAYS.earliest} to ${REFERRAL_DAYS.latest}`;

const minDay = (a: string, b: string): string => (a < b ? a : b);

/** A real day (`YYYY-MM-DD`) within `REFERRAL_DAYS`. */
export const isReferralDay = (value: string): boolean =>
  isIsoDate(value) && value >= REFERRAL_DAYS.earliest && value <= REFERRAL_DAYS.latest;

/** The day `months` calendar months after `day` (`YYYY-MM-DD`), on the month's last day when it is shorter. */
export function monthsAfter(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}
