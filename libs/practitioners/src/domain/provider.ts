import { newUuid, nextUpdatedAt, toE164 } from '@app/shared/domain';

export interface NewProvider {
  firstName: string;
  middleName?: string | null;
  lastName: string;
  email?: string | null;
  /** Australian or E.164; kept as E.164. */
  mobileNumber?: string | null;
  profileImageUrl?: string | null;
  bookingsEnabled?: boolean;
}

/** An edit: only the fields given change; `null` clears a nullable one. */
export type ProviderChanges = Partial<NewProvider>;

/** A practitioner of an organisation. Never removed: archiving marks it, so history keeps its name. */
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
  /** When it last changed; `createdAt` until it changes. */
  updatedAt: Date;

  static create(organisationId: string, props: NewProvider, now: Date): Provider {
    const provider = new Provider();
    provider.id = newUuid();
    provider.organisationId = organisationId;
    provider.firstName = props.firstName;
    provider.middleName = props.middleName ?? null;
    provider.lastName = props.lastName;
    provider.email = props.email ?? null;
    provider.mobileNumber = mobileNumber(props.mobileNumber);
    provider.profileImageUrl = props.profileImageUrl ?? null;
    provider.bookingsEnabled = props.bookingsEnabled ?? true;
    provider.deleted = false;
    provider.createdAt = now;
    provider.updatedAt = now;
    return provider;
  }

  /** Applies the fields given, checked as a new provider's are; true when anything changed. */
  update(changes: ProviderChanges, now: Date): boolean {
    const next: Required<NewProvider> = {
      firstName: changes.firstName ?? this.firstName,
      middleName: changes.middleName === undefined ? this.middleName : changes.middleName,
      lastName: changes.lastName ?? this.lastName,
      email: changes.email === undefined ? this.email : changes.email,
      mobileNumber: changes.mobileNumber === undefined ? this.mobileNumber : mobileNumber(changes.mobileNumber),
      profileImageUrl: changes.profileImageUrl === undefined ? this.profileImageUrl : changes.profileImageUrl,
      bookingsEnabled: changes.bookingsEnabled ?? this.bookingsEnabled,
    };
    const changed = (Object.keys(next) as (keyof NewProvider)[]).some((key) => next[key] !== this[key]);
    if (!changed) return false;
    Object.assign(this, next);
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** Marks it deleted: it leaves lists and takes no new link or booking. False when it already was. */
  archive(now: Date): boolean {
    if (this.deleted) return false;
    this.deleted = true;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** Its live links, and so its `locationIds`, changed: that changes the provider too. */
  linksChanged(now: Date): void {
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }
}

/** An empty number is no number. */
const mobileNumber = (value: string | null | undefined): string | null =>
  value ? toE164(value, 'mobileNumber') : null;
