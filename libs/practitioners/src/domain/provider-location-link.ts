import { invalidField, newUuid, nextUpdatedAt } from '@app/shared/domain';
import { isValidMedicareProviderNumber } from './medicare-provider-number.js';

export interface LinkMedicare {
  suggestedProviderNumber: string | null;
  providerNumber: string | null;
  /** ISO 8601 date-time. */
  startDate: string | null;
  registrationLetter: string | null;
}

export interface LinkAssociation {
  registrationLetter: string | null;
}

export interface NewLocationLink {
  locationId: string;
  acceptedTerms?: boolean;
  categoryCode?: string | null;
  medicare?: Partial<LinkMedicare> | null;
  association?: Partial<LinkAssociation> | null;
}

/**
 * An edit: only the fields given change. `medicare` and `association` are each replaced whole, as
 * a new link builds them: what the object sent leaves out becomes null.
 */
export type LocationLinkChanges = Partial<Omit<NewLocationLink, 'locationId'>>;

/** A provider practising at a location, with the Medicare provider number that location uses. */
export class ProviderLocationLink {
  id: string;
  organisationId: string;
  providerId: string;
  locationId: string;
  acceptedTerms: boolean;
  categoryCode: string | null;
  medicare: LinkMedicare;
  association: LinkAssociation;
  deleted: boolean;
  createdAt: Date;
  /** When it last changed; `createdAt` until it changes. */
  updatedAt: Date;

  static create(organisationId: string, providerId: string, props: NewLocationLink, now: Date): ProviderLocationLink {
    const link = new ProviderLocationLink();
    link.id = newUuid();
    link.organisationId = organisationId;
    link.providerId = providerId;
    link.locationId = props.locationId;
    link.acceptedTerms = props.acceptedTerms ?? false;
    link.categoryCode = props.categoryCode ?? null;
    link.medicare = medicareOf(props.medicare);
    link.association = associationOf(props.association);
    link.deleted = false;
    link.createdAt = now;
    link.updatedAt = now;
    return link;
  }

  /** Applies the fields given, checked as a new link's are; true when anything changed. */
  update(changes: LocationLinkChanges, now: Date): boolean {
    const acceptedTerms = changes.acceptedTerms ?? this.acceptedTerms;
    const categoryCode = changes.categoryCode === undefined ? this.categoryCode : changes.categoryCode;
    const medicare = changes.medicare === undefined ? this.medicare : medicareOf(changes.medicare);
    const association = changes.association === undefined ? this.association : associationOf(changes.association);
    const changed =
      acceptedTerms !== this.acceptedTerms ||
      categoryCode !== this.categoryCode ||
      !sameFields(medicare, this.medicare) ||
      !sameFields(association, this.association);
    if (!changed) return false;
    Object.assign(this, { acceptedTerms, categoryCode, medicare, association });
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** Marks it deleted: the provider no longer practises there for new bookings. False when it already was. */
  archive(now: Date): boolean {
    if (this.deleted) return false;
    this.deleted = true;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }
}

function medicareOf(medicare: Partial<LinkMedicare> | null | undefined): LinkMedicare {
  return {
    suggestedProviderNumber: providerNumber(medicare?.suggestedProviderNumber, 'medicare.suggestedProviderNumber'),
    providerNumber: providerNumber(medicare?.providerNumber, 'medicare.providerNumber'),
    startDate: medicare?.startDate ? new Date(medicare.startDate).toISOString() : null,
    registrationLetter: medicare?.registrationLetter ?? null,
  };
}

const associationOf = (association: Partial<LinkAssociation> | null | undefined): LinkAssociation => ({
  registrationLetter: association?.registrationLetter ?? null,
});

/** Field by field: a JSON column read back need not keep the keys in the order they were written. */
const sameFields = <T extends object>(a: T, b: T): boolean =>
  (Object.keys(a) as (keyof T)[]).every((key) => a[key] === b[key]);

function providerNumber(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (!isValidMedicareProviderNumber(value)) {
    throw invalidField(
      field,
      'invalid_provider_number',
      'must be a Medicare provider number: 6 digits, a practice location character (1-9 or a letter but I, O, S and Z) and a valid check character',
    );
  }
  return value.toUpperCase();
}
