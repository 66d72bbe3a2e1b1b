import { invalidField, newUuid } from '@app/shared/domain';
import { compactAbn, isValidAbn } from './abn.js';

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
}

/** The legal entity behind locations: holds the ABN, the merchant account and payouts. */
export class Business {
  id: string;
  organisationId: string;
  name: string;
  taxIdentifier: string;
  countryCode: string;
  merchantId: string | null;
  settings: BusinessSettings;
  capabilities: BusinessCapability[];
  events: Record<string, unknown>;
  createdAt: Date;

  static create(organisationId: string, props: NewBusiness, now: Date): Business {
    const business = new Business();
    business.id = newUuid();
    business.organisationId = organisationId;
    business.name = props.name;
    business.countryCode = (props.countryCode ?? 'AU').toUpperCase();
    business.taxIdentifier = business.countryCode === 'AU' ? validAbn(props.taxIdentifier) : props.taxIdentifier;
    business.merchantId = props.merchantId ?? null;
    business.settings = { autoReconciliationEnabled: false, autoInviteClientsEnabled: false, ...props.settings };
    business.capabilities = props.capabilities ?? [];
    business.events = props.events ?? {};
    business.createdAt = now;
    return business;
  }
}

function validAbn(value: string): string {
  const abn = compactAbn(value);
  if (!isValidAbn(abn)) throw invalidField('taxIdentifier', 'invalid_abn', 'must be a valid ABN: 11 digits with a correct checksum');
  return abn;
}
