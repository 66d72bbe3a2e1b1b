import { invalidField, newUuid } from '@app/shared/domain';
import { compactAbn, isValidAbn } from './abn.js';
import { applyChanges, sentFields } from './changes.js';

export interface BusinessSettings {
  autoReconciliationEnabled: boolean;
  autoInviteClientsEnabled: boolean;
}

/** A capability a business has switched on with the platform, e.g. `{ type: 'health_fund_claims', enabled: true }`. */
export type BusinessCapability = Record<string, unknown>;

export interface NewBusiness {
  name: string;
  taxIdentifier: string;
  countryCode?: string;
  merchantId?: string | null;
  settings?: Partial<BusinessSettings>;
  capabilities?: BusinessCapability[];
  events?: Record<string, unknown>;
  /** Default true. */
  gstRegistered?: boolean;
}

/** What a PATCH may change: `undefined` leaves a field as it is; `settings` changes only the keys sent. */
export interface BusinessChanges {
  name?: string;
  taxIdentifier?: string;
  settings?: Partial<BusinessSettings>;
  gstRegistered?: boolean;
}

/** The legal entity behind locations: holds the ABN, the merchant account and payouts. */
export class Business {
  id: string;
  organisationId: string;
  name: string;
  taxIdentifier: string;
  countryCode: string;
  merchantId: string | null;
  /**
   * Registered for GST: its invoices are tax invoices with a GST column. One that is not issues
   * "Invoice"s without GST, and refuses an item that carries GST.
   */
  gstRegistered: boolean;
  settings: BusinessSettings;
  capabilities: BusinessCapability[];
  events: Record<string, unknown>;
  createdAt: Date;
  /** When it last changed; `createdAt` until then. */
  updatedAt: Date;

  static create(organisationId: string, props: NewBusiness, now: Date): Business {
    const business = new Business();
    business.id = newUuid();
    business.organisationId = organisationId;
    business.name = props.name;
    business.countryCode = (props.countryCode ?? 'AU').toUpperCase();
    business.taxIdentifier = taxIdentifierOf(business.countryCode, props.taxIdentifier);
    business.merchantId = props.merchantId ?? null;
    business.gstRegistered = props.gstRegistered ?? true;
    business.settings = { autoReconciliationEnabled: false, autoInviteClientsEnabled: false, ...props.settings };
    business.capabilities = props.capabilities ?? [];
    business.events = props.events ?? {};
    business.createdAt = now;
    business.updatedAt = now;
    return business;
  }

  /** Applies the fields sent, checking a new ABN as the create does; whether anything changed. */
  update(changes: BusinessChanges, now: Date): boolean {
    return applyChanges<Business>(
      this,
      {
        name: changes.name,
        taxIdentifier:
          changes.taxIdentifier === undefined ? undefined : taxIdentifierOf(this.countryCode, changes.taxIdentifier),
        settings: changes.settings === undefined ? undefined : { ...this.settings, ...sentFields(changes.settings) },
        gstRegistered: changes.gstRegistered,
      },
      now,
    );
  }
}

/** An Australian business's ABN, checked and compacted; another country's identifier as given. */
function taxIdentifierOf(countryCode: string, value: string): string {
  return countryCode === 'AU' ? validAbn(value) : value;
}

function validAbn(value: string): string {
  const abn = compactAbn(value);
  if (!isValidAbn(abn))
    throw invalidField('taxIdentifier', 'invalid_abn', 'must be a valid ABN: 11 digits with a correct checksum');
  return abn;
}
