import { invalidField, isIsoDate, newUuid, nextUpdatedAt } from '@app/shared/domain';
import { nameSearchForms } from './name-search.js';
import { notNull, optionalDateOfBirth, optionalMobileNumber, personName } from './personal-details.js';

export interface NewClient {
  firstName: string;
  lastName: string;
  email?: string | null;
  mobileNumber?: string | null;
  dateOfBirth?: string | null;
  memberId?: string | null;
  pmsPatientId?: string | null;
  /** ISO 8601 date-time with a time zone. */
  pmsCreatedAt?: string | null;
  profileImageUrl?: string | null;
}

/**
 * A change to a client: only the fields present change; `null` clears a nullable one. The names are
 * never null (`null` for one is refused as the create refuses it).
 */
export type ClientChanges = { [K in keyof NewClient]?: NewClient[K] | null };

/**
 * A patient as one organisation knows them. It may be linked to the patient's platform account
 * (`memberId`); it is never removed, only marked `deleted`, so bookings keep their client.
 */
export class Client {
  id: string;
  organisationId: string;
  memberId: string | null;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string | null;
  /** E.164. */
  mobileNumber: string | null;
  email: string | null;
  /** The patient's id and creation time in the clinic's practice management system. */
  pmsPatientId: string | null;
  pmsCreatedAt: Date | null;
  profileImageUrl: string | null;
  deleted: boolean;
  createdAt: Date;
  /** When it last changed; equal to `createdAt` until it changes. */
  updatedAt: Date;
  /** The names as client search compares them (see `name-search.ts`), kept in step with the names. */
  lastNameSearch: string;
  fullNameSearch: string;

  /** `path`: where the details sit in the request (`patient`), so errors name `patient.mobileNumber`. */
  static create(organisationId: string, props: NewClient, now: Date, path?: string): Client {
    const at = (field: string) => (path ? `${path}.${field}` : field);
    const client = new Client();
    client.id = newUuid();
    client.organisationId = organisationId;
    client.memberId = props.memberId ?? null;
    client.firstName = personName(props.firstName, at('firstName'));
    client.lastName = personName(props.lastName, at('lastName'));
    client.dateOfBirth = optionalDateOfBirth(props.dateOfBirth, at('dateOfBirth'), now);
    client.mobileNumber = optionalMobileNumber(props.mobileNumber, at('mobileNumber'));
    client.email = props.email ?? null;
    client.pmsPatientId = props.pmsPatientId ?? null;
    client.pmsCreatedAt = optionalDateTime(props.pmsCreatedAt, at('pmsCreatedAt'));
    client.profileImageUrl = props.profileImageUrl ?? null;
    client.deleted = false;
    client.createdAt = now;
    client.updatedAt = now;
    Object.assign(client, nameSearchForms(client.firstName, client.lastName));
    return client;
  }

  /** Applies the fields present, checked as `create` checks them; whether anything changed. */
  update(changes: ClientChanges, now: Date): boolean {
    const next: Pick<Client, EditableField> = {
      memberId: changes.memberId === undefined ? this.memberId : changes.memberId,
      firstName:
        changes.firstName === undefined
          ? this.firstName
          : personName(notNull(changes.firstName, 'firstName'), 'firstName'),
      lastName:
        changes.lastName === undefined ? this.lastName : personName(notNull(changes.lastName, 'lastName'), 'lastName'),
      dateOfBirth:
        changes.dateOfBirth === undefined
          ? this.dateOfBirth
          : optionalDateOfBirth(changes.dateOfBirth, 'dateOfBirth', now),
      mobileNumber:
        changes.mobileNumber === undefined
          ? this.mobileNumber
          : optionalMobileNumber(changes.mobileNumber, 'mobileNumber'),
      email: changes.email === undefined ? this.email : changes.email,
      pmsPatientId: changes.pmsPatientId === undefined ? this.pmsPatientId : changes.pmsPatientId,
      pmsCreatedAt:
        changes.pmsCreatedAt === undefined ? this.pmsCreatedAt : optionalDateTime(changes.pmsCreatedAt, 'pmsCreatedAt'),
      profileImageUrl: changes.profileImageUrl === undefined ? this.profileImageUrl : changes.profileImageUrl,
    };
    const changed = EDITABLE_FIELDS.filter((field) => !sameValue(this[field], next[field]));
    if (changed.length === 0) return false;
    Object.assign(this, next, nameSearchForms(next.firstName, next.lastName));
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** Marks the client archived (`deleted`); it stays readable and keeps its bookings. False when it already was. */
  archive(now: Date): boolean {
    if (this.deleted) return false;
    this.deleted = true;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }
}

const EDITABLE_FIELDS = [
  'memberId',
  'firstName',
  'lastName',
  'dateOfBirth',
  'mobileNumber',
  'email',
  'pmsPatientId',
  'pmsCreatedAt',
  'profileImageUrl',
] as const satisfies readonly (keyof Client)[];
type EditableField = (typeof EDITABLE_FIELDS)[number];

const sameValue = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i;

/** An ISO 8601 date-time of a real day, with a time zone (`2024-03-14T09:30:00.000Z`, `…+10:00`); absent stays `null`. */
function optionalDateTime(value: string | null | undefined, field: string): Date | null {
  if (value === undefined || value === null) return null;
  const match = DATE_TIME.exec(value);
  const date = new Date(value);
  if (!match || !isIsoDate(match[1]) || Number.isNaN(date.getTime())) {
    throw invalidField(
      field,
      'invalid_format',
      'must be an ISO 8601 date-time with a time zone, like 2024-03-14T09:30:00.000Z',
    );
  }
  return date;
}
