import { newPrefixedId, nextUpdatedAt } from '@app/shared/domain';
import { type ActivityRecord, activityRecord, type DeviceHeaders } from './activity-record.js';
import { type MemberMetadata, memberMetadata } from './member-metadata.js';
import { notNull, optionalDateOfBirth, optionalMobileNumber, personName } from './personal-details.js';

export interface MemberSettings {
  showPlanHelp: boolean;
}

export interface NewMember {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber?: string | null;
  dateOfBirth?: string | null;
  profileImageUrl?: string | null;
  metadata?: Record<string, unknown> | null;
}

/**
 * A change to a member: only the fields present change; `null` clears a nullable one (`metadata`
 * to `{}`). `metadata`, when sent, replaces the whole object; `settings` changes only the settings
 * it names.
 */
export type MemberChanges = { [K in keyof NewMember]?: NewMember[K] | null } & {
  settings?: { showPlanHelp?: boolean | null } | null;
};

/** Who asked for the account and from which app. */
export interface Registration {
  /** `null` when a platform key created the member. */
  createdByOrganisationId: string | null;
  device: DeviceHeaders;
}

export const NEW_MEMBER_ROLES: readonly string[] = ['member'];
export const NEW_MEMBER_SETTINGS: Readonly<MemberSettings> = { showPlanHelp: true };

/** A patient's user account on the platform; one per email address, ignoring case. */
export class Member {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164. */
  mobileNumber: string | null;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string | null;
  profileImageUrl: string | null;
  metadata: MemberMetadata;
  /** Both start false: nothing has been verified when an account is created on someone's behalf. */
  emailVerified: boolean;
  mobileNumberVerified: boolean;
  roles: string[];
  settings: MemberSettings;
  activity: ActivityRecord[];
  createdByOrganisationId: string | null;
  createdAt: Date;
  /** When it last changed; equal to `createdAt` until it changes. */
  updatedAt: Date;

  static register(props: NewMember, registration: Registration, now: Date): Member {
    const member = new Member();
    member.id = newPrefixedId('memb', now);
    member.firstName = personName(props.firstName, 'firstName');
    member.lastName = personName(props.lastName, 'lastName');
    member.email = props.email.trim();
    member.mobileNumber = optionalMobileNumber(props.mobileNumber, 'mobileNumber');
    member.dateOfBirth = optionalDateOfBirth(props.dateOfBirth, 'dateOfBirth', now);
    member.profileImageUrl = props.profileImageUrl ?? null;
    member.metadata = memberMetadata(props.metadata);
    member.emailVerified = false;
    member.mobileNumberVerified = false;
    member.roles = [...NEW_MEMBER_ROLES];
    member.settings = { ...NEW_MEMBER_SETTINGS };
    member.activity = [activityRecord(registration.device, now)];
    member.createdByOrganisationId = registration.createdByOrganisationId;
    member.createdAt = now;
    member.updatedAt = now;
    return member;
  }

  /**
   * Applies the fields present, checked as `register` checks them; whether anything changed. A new
   * email address (not one differing only in case) is no longer verified, nor is a new mobile number.
   */
  update(changes: MemberChanges, now: Date): boolean {
    const next: Pick<Member, EditableField> = {
      firstName:
        changes.firstName === undefined
          ? this.firstName
          : personName(notNull(changes.firstName, 'firstName'), 'firstName'),
      lastName:
        changes.lastName === undefined ? this.lastName : personName(notNull(changes.lastName, 'lastName'), 'lastName'),
      email: changes.email === undefined ? this.email : notNull(changes.email, 'email').trim(),
      mobileNumber:
        changes.mobileNumber === undefined
          ? this.mobileNumber
          : optionalMobileNumber(changes.mobileNumber, 'mobileNumber'),
      dateOfBirth:
        changes.dateOfBirth === undefined
          ? this.dateOfBirth
          : optionalDateOfBirth(changes.dateOfBirth, 'dateOfBirth', now),
      profileImageUrl: changes.profileImageUrl === undefined ? this.profileImageUrl : changes.profileImageUrl,
      metadata: changes.metadata === undefined ? this.metadata : memberMetadata(changes.metadata),
      settings: { showPlanHelp: this.settings.showPlanHelp },
    };
    const showPlanHelp =
      changes.settings === undefined ? undefined : notNull(changes.settings, 'settings').showPlanHelp;
    if (showPlanHelp !== undefined) next.settings.showPlanHelp = notNull(showPlanHelp, 'settings.showPlanHelp');
    const changed = EDITABLE_FIELDS.filter((field) => !sameValue(this[field], next[field]));
    if (changed.length === 0) return false;
    if (next.email.toLowerCase() !== this.email.toLowerCase()) this.emailVerified = false;
    if (next.mobileNumber !== this.mobileNumber) this.mobileNumberVerified = false;
    Object.assign(this, next);
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  wasCreatedBy(organisationId: string): boolean {
    return this.createdByOrganisationId === organisationId;
  }
}

const EDITABLE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'dateOfBirth',
  'profileImageUrl',
  'metadata',
  'settings',
] as const satisfies readonly (keyof Member)[];
type EditableField = (typeof EDITABLE_FIELDS)[number];

/** Equal values, flat objects (metadata, settings) compared key by key. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  const [left, right] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && left[key] === right[key])
  );
}
