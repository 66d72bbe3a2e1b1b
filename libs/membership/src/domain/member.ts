import { newPrefixedId } from '@app/shared/domain';
import { type ActivityRecord, activityRecord, type DeviceHeaders } from './activity-record.js';
import { type MemberMetadata, memberMetadata } from './member-metadata.js';
import { optionalDateOfBirth, optionalMobileNumber, personName } from './personal-details.js';

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
    return member;
  }

  wasCreatedBy(organisationId: string): boolean {
    return this.createdByOrganisationId === organisationId;
  }
}
