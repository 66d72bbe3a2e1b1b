import { assertDateOfBirth, invalidField, newUuid } from '@app/shared/domain';
import type { CardVault } from './card-vault.js';
import type { HealthFund } from './health-fund.js';
import { isValidMedicareNumber } from './medicare-number.js';
import type { ProcessorPaymentMethod } from './payment-processor.js';

export type WalletCardType = 'payment_method' | 'health_fund_card' | 'medicare_card';

export interface PaymentMethodDetails {
  customerId: string;
  processorPaymentMethodId: string;
}

export interface HealthFundCardDetails {
  healthFundId: string;
  issueNumber: string | null;
  defaultReferenceNumber: string | null;
  issueDate: string | null;
  cardholders: string[];
}

export interface MedicareCardDetails {
  referenceNumber: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  secondInitial: string | null;
  sex: string | null;
}

export interface NewHealthFundCard {
  memberNumber: string;
  issueNumber?: string | null;
  defaultReferenceNumber?: string | null;
  issueDate?: string | null;
  cardholders?: string[];
}

export interface NewMedicareCard {
  memberNumber: string;
  referenceNumber: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  secondInitial?: string | null;
  sex?: string | null;
}

const MAX_MEDICARE_NAME = 40;

/**
 * A card in a client's wallet. Full numbers exist only as ciphertext (`numberCiphertext`);
 * `last4` and a keyed `fingerprint` are what the rest of the system sees.
 */
export class WalletCard {
  id: string;
  organisationId: string;
  clientId: string;
  type: WalletCardType;
  brand: string;
  last4: string;
  fingerprint: string;
  /** `platform` only on cards written before fingerprints were per organisation, until start-up rescopes them. */
  fingerprintScope: 'platform' | 'organisation';
  numberCiphertext: string | null;
  verified: boolean;
  verifiedAt: Date | null;
  details: PaymentMethodDetails | HealthFundCardDetails | MedicareCardDetails;
  createdAt: Date;
  /** When it last changed (its fingerprint rescoped to its organisation); equal to `createdAt` until then. */
  updatedAt: Date;

  static paymentMethod(owner: CardOwner, method: ProcessorPaymentMethod, vault: CardVault, now: Date): WalletCard {
    const card = WalletCard.base(owner, 'payment_method', now);
    card.brand = method.brand;
    card.last4 = method.last4;
    card.fingerprint = vault.fingerprint(owner.organisationId, 'payment_method', method.cardFingerprint);
    card.numberCiphertext = null;
    // The processor checked the card when attaching it.
    card.verified = true;
    card.verifiedAt = now;
    card.details = {
      customerId: method.customerId,
      processorPaymentMethodId: method.paymentMethodId,
    } satisfies PaymentMethodDetails;
    return card;
  }

  static healthFundCard(
    owner: CardOwner,
    fund: HealthFund,
    input: NewHealthFundCard,
    vault: CardVault,
    now: Date,
  ): WalletCard {
    if (!/^\d{1,20}$/.test(input.memberNumber))
      throw invalidField('healthFundCard.memberNumber', 'invalid_member_number', 'must be 1 to 20 digits');
    const card = WalletCard.base(owner, 'health_fund_card', now);
    card.brand = fund.name;
    card.last4 = input.memberNumber.slice(-4);
    card.fingerprint = vault.fingerprint(owner.organisationId, 'health_fund_card', fund.id, input.memberNumber);
    card.numberCiphertext = vault.seal(input.memberNumber);
    card.details = {
      healthFundId: fund.id,
      issueNumber: input.issueNumber ?? null,
      defaultReferenceNumber: input.defaultReferenceNumber ?? null,
      issueDate: input.issueDate ?? null,
      cardholders: input.cardholders ?? [],
    } satisfies HealthFundCardDetails;
    return card;
  }

  static medicareCard(owner: CardOwner, input: NewMedicareCard, vault: CardVault, now: Date): WalletCard {
    if (!isValidMedicareNumber(input.memberNumber)) {
      throw invalidField(
        'medicareCard.memberNumber',
        'invalid_medicare_number',
        'must be a 10-digit Medicare number with a valid check digit',
      );
    }
    if (!/^[1-9]$/.test(input.referenceNumber))
      throw invalidField('medicareCard.referenceNumber', 'invalid_reference_number', 'must be a digit from 1 to 9');
    for (const field of ['firstName', 'lastName'] as const) {
      const name = input[field].trim();
      if (name.length === 0 || name.length > MAX_MEDICARE_NAME)
        throw invalidField(`medicareCard.${field}`, 'invalid_name', `must be 1 to ${MAX_MEDICARE_NAME} characters`);
    }
    assertDateOfBirth(input.dateOfBirth, 'medicareCard.dateOfBirth', now);
    const card = WalletCard.base(owner, 'medicare_card', now);
    card.brand = 'medicare';
    card.last4 = input.memberNumber.slice(-4);
    card.fingerprint = vault.fingerprint(owner.organisationId, 'medicare_card', input.memberNumber);
    card.numberCiphertext = vault.seal(input.memberNumber);
    card.details = {
      referenceNumber: input.referenceNumber,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      dateOfBirth: input.dateOfBirth,
      secondInitial: input.secondInitial ?? null,
      sex: input.sex ?? null,
    } satisfies MedicareCardDetails;
    return card;
  }

  private static base(owner: CardOwner, type: WalletCardType, now: Date): WalletCard {
    const card = new WalletCard();
    card.id = newUuid();
    card.organisationId = owner.organisationId;
    card.clientId = owner.clientId;
    card.type = type;
    card.fingerprintScope = 'organisation';
    card.verified = false;
    card.verifiedAt = null;
    card.createdAt = now;
    card.updatedAt = now;
    return card;
  }
}

export interface CardOwner {
  organisationId: string;
  clientId: string;
}
