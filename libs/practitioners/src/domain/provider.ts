import { newUuid } from '@app/shared/domain';

export interface NewProvider {
  firstName: string;
  middleName?: string | null;
  lastName: string;
  email?: string | null;
  mobileNumber?: string | null;
  profileImageUrl?: string | null;
  bookingsEnabled?: boolean;
}

/** A practitioner of an organisation. Never removed: deleting marks it, so history keeps its name. */
export class Provider {
  id: string;
  organisationId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string | null;
  /** E.164. */
  mobileNumber: string | null;
  profileImageUrl: string | null;
  bookingsEnabled: boolean;
  deleted: boolean;
  createdAt: Date;

  static create(organisationId: string, props: NewProvider, now: Date): Provider {
    const provider = new Provider();
    provider.id = newUuid();
    provider.organisationId = organisationId;
    provider.firstName = props.firstName;
    provider.middleName = props.middleName ?? null;
    provider.lastName = props.lastName;
    provider.email = props.email ?? null;
    provider.mobileNumber = props.mobileNumber ?? null;
    provider.profileImageUrl = props.profileImageUrl ?? null;
    provider.bookingsEnabled = props.bookingsEnabled ?? true;
    provider.deleted = false;
    provider.createdAt = now;
    return provider;
  }

  delete(): void {
    this.deleted = true;
  }
}
