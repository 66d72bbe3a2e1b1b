import { invalidField, newUuid } from '@app/shared/domain';
import { isValidMedicareProviderNumber } from './medicare-provider-number.js';

export interface LinkMedicare {
  suggestedProviderNumber: string | null;
  providerNumber: string | null;
  /** ISO 8601 date-time. */
  startDate: string | null;
  registrationLetter: string | null;
}

export interface NewLocationLink {
  locationId: string;
  acceptedTerms?: boolean;
  categoryCode?: string | null;
  medicare?: Partial<LinkMedicare> | null;
  association?: { registrationLetter?: string | null } | null;
}

/** A provider practising at a location, with the Medicare provider number that location uses. */
export class ProviderLocationLink {
  id: string;
  organisationId: string;
  providerId: string;
  locationId: string;
  acceptedTerms: boolean;
  categoryCode: string | null;
  medicare: LinkMedicare;
  association: { registrationLetter: string | null };
  deleted: boolean;
  createdAt: Date;

  static create(organisationId: string, providerId: string, props: NewLocationLink, now: Date): ProviderLocationLink {
    const link = new ProviderLocationLink();
    link.id = newUuid();
    link.organisationId = organisationId;
    link.providerId = providerId;
    link.locationId = props.locationId;
    link.acceptedTerms = props.acceptedTerms ?? false;
    link.categoryCode = props.categoryCode ?? null;
    link.medicare = {
      suggestedProviderNumber: providerNumber(props.medicare?.suggestedProviderNumber, 'medicare.suggestedProviderNumber'),
      providerNumber: providerNumber(props.medicare?.providerNumber, 'medicare.providerNumber'),
      startDate: props.medicare?.startDate ? new Date(props.medicare.startDate).toISOString() : null,
      registrationLetter: props.medicare?.registrationLetter ?? null,
    };
    link.association = { registrationLetter: props.association?.registrationLetter ?? null };
    link.deleted = false;
    link.createdAt = now;
    return link;
  }
}

function providerNumber(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (!isValidMedicareProviderNumber(value)) {
    throw invalidField(
      field,
      'invalid_provider_number',
      'must be a Medicare provider number: up to 6 digits, a practice location character and a valid check character',
    );
  }
  return value.toUpperCase();
}
