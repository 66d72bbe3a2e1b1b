import { describe, expect, it } from '@jest/globals';
import { DomainError, isUuid } from '@app/shared/domain';
import { CardVault } from './card-vault.js';
import type { HealthFund } from './health-fund.js';
import type { ProcessorPaymentMethod } from './payment-processor.js';
import {
  type HealthFundCardDetails,
  type MedicareCardDetails,
  type NewMedicareCard,
  type PaymentMethodDetails,
  WalletCard,
} from './wallet-card.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const OWNER = { organisationId: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', clientId: '0193a6f7-5e6f-7a81-8c93-9d0e1f2a3b4c' };
const FUND: HealthFund = {
  id: '0193a6f2-0001-7000-8000-000000000002',
  name: 'Bupa HI',
  capabilities: { onlineClaiming: true },
  createdAt: NOW,
};
const OTHER_FUND: HealthFund = {
  id: '0193a6f2-0001-7000-8000-000000000003',
  name: 'Medibank',
  capabilities: {},
  createdAt: NOW,
};
const MEDICARE: NewMedicareCard = {
  memberNumber: '2123456701',
  referenceNumber: '1',
  firstName: 'Alex',
  lastName: 'Chen',
  dateOfBirth: '1988-04-12',
};

/** A vault that keeps what it sealed, so a test can see what went in without any crypto. */
class InMemoryCardVault extends CardVault {
  readonly sealed = new Map<string, string>();

  seal(plaintext: string): string {
    const ciphertext = `sealed:${this.sealed.size}`;
    this.sealed.set(ciphertext, plaintext);
    return ciphertext;
  }

  open(ciphertext: string): string {
    const plaintext = this.sealed.get(ciphertext);
    if (plaintext === undefined) throw new Error('not sealed here');
    return plaintext;
  }

  private readonly fingerprints = new Map<string, string>();

  /** Equal for equal parts, and opaque: a fingerprint never spells the number. */
  fingerprint(organisationId: string, ...parts: string[]): string {
    const key = JSON.stringify([organisationId, ...parts]);
    if (!this.fingerprints.has(key)) this.fingerprints.set(key, `fp_${this.fingerprints.size}`);
    return this.fingerprints.get(key) as string;
  }

  rescope(organisationId: string, platformFingerprint: string): string {
    return `${organisationId}:${platformFingerprint}`;
  }
}

function fieldErrorOf(work: () => unknown) {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('validation');
    expect((error as DomainError).code).toBe('validation_failed');
    expect((error as DomainError).errors).toHaveLength(1);
    return (error as DomainError).errors?.[0];
  }
  throw new Error('expected a validation error');
}

/** Every string the card would hold or show, other than its ciphertext. */
const visibleStrings = (card: WalletCard): string => JSON.stringify({ ...card, numberCiphertext: undefined });

describe('WalletCard.paymentMethod', () => {
  const method: ProcessorPaymentMethod = {
    paymentMethodId: 'pm_card_visa',
    customerId: 'cus_R3x9Kq2LmN7vPw',
    brand: 'visa',
    last4: '4242',
    cardFingerprint: 'a1b2c3d4e5f60718',
  };

  it('takes brand, last4 and customer from the processor, and is verified because the processor checked it', () => {
    const vault = new InMemoryCardVault();
    const card = WalletCard.paymentMethod(OWNER, method, vault, NOW);

    expect(isUuid(card.id)).toBe(true);
    expect(card).toMatchObject({
      organisationId: OWNER.organisationId,
      clientId: OWNER.clientId,
      type: 'payment_method',
      brand: 'visa',
      last4: '4242',
      numberCiphertext: null,
      verified: true,
      verifiedAt: NOW,
      createdAt: NOW,
    });
    expect(card.details).toEqual({
      customerId: 'cus_R3x9Kq2LmN7vPw',
      processorPaymentMethodId: 'pm_card_visa',
    } satisfies PaymentMethodDetails);
    // Nothing of the number reaches the vault; the fingerprint is keyed on the processor's own.
    expect(vault.sealed.size).toBe(0);
    expect(card.fingerprint).toBe(vault.fingerprint(OWNER.organisationId, 'payment_method', 'a1b2c3d4e5f60718'));
  });

  it('gives every card its own id', () => {
    const vault = new InMemoryCardVault();
    expect(WalletCard.paymentMethod(OWNER, method, vault, NOW).id).not.toBe(
      WalletCard.paymentMethod(OWNER, method, vault, NOW).id,
    );
  });
});

describe('WalletCard.healthFundCard', () => {
  it("seals the member number, shows its last 4, and takes the fund's name as brand", () => {
    const vault = new InMemoryCardVault();
    const card = WalletCard.healthFundCard(
      OWNER,
      FUND,
      {
        memberNumber: '40012345678',
        issueNumber: '01',
        defaultReferenceNumber: '02',
        issueDate: '2025-07-01',
        cardholders: ['Alex Chen', 'Sam Chen'],
      },
      vault,
      NOW,
    );

    expect(card).toMatchObject({
      type: 'health_fund_card',
      brand: 'Bupa HI',
      last4: '5678',
      verified: false,
      verifiedAt: null,
      createdAt: NOW,
    });
    expect(card.numberCiphertext).not.toBeNull();
    expect(vault.open(card.numberCiphertext as string)).toBe('40012345678');
    expect(card.fingerprint).toBe(vault.fingerprint(OWNER.organisationId, 'health_fund_card', FUND.id, '40012345678'));
    expect(card.details).toEqual({
      healthFundId: FUND.id,
      issueNumber: '01',
      defaultReferenceNumber: '02',
      issueDate: '2025-07-01',
      cardholders: ['Alex Chen', 'Sam Chen'],
    } satisfies HealthFundCardDetails);
    expect(visibleStrings(card)).not.toContain('40012345678');
  });

  it('fills the optional details with null and no cardholders', () => {
    const card = WalletCard.healthFundCard(OWNER, FUND, { memberNumber: '7' }, new InMemoryCardVault(), NOW);
    expect(card.last4).toBe('7');
    expect(card.details).toEqual({
      healthFundId: FUND.id,
      issueNumber: null,
      defaultReferenceNumber: null,
      issueDate: null,
      cardholders: [],
    });
  });

  it('accepts 20 digits', () => {
    expect(
      WalletCard.healthFundCard(OWNER, FUND, { memberNumber: '9'.repeat(20) }, new InMemoryCardVault(), NOW).last4,
    ).toBe('9999');
  });

  it.each([
    ['letters', 'abc'],
    ['21 digits', '1'.repeat(21)],
    ['empty', ''],
    ['a space', '4001 2345'],
    ['a dash', '4001-2345'],
    ['a trailing newline', '40012345\n'],
  ])('rejects a member number of %s', (_label, memberNumber) => {
    const vault = new InMemoryCardVault();
    expect(fieldErrorOf(() => WalletCard.healthFundCard(OWNER, FUND, { memberNumber }, vault, NOW))).toMatchObject({
      field: 'healthFundCard.memberNumber',
      code: 'invalid_member_number',
    });
    expect(vault.sealed.size).toBe(0);
  });

  it('fingerprints the same member number of two funds differently, and the same card the same', () => {
    const vault = new InMemoryCardVault();
    const a = WalletCard.healthFundCard(OWNER, FUND, { memberNumber: '40012345' }, vault, NOW);
    const again = WalletCard.healthFundCard(OWNER, FUND, { memberNumber: '40012345', issueNumber: '02' }, vault, NOW);
    const otherFund = WalletCard.healthFundCard(OWNER, OTHER_FUND, { memberNumber: '40012345' }, vault, NOW);
    expect(again.fingerprint).toBe(a.fingerprint);
    expect(otherFund.fingerprint).not.toBe(a.fingerprint);
  });
});

describe('WalletCard.medicareCard', () => {
  it('seals the number, shows its last 4, and keeps the card holder', () => {
    const vault = new InMemoryCardVault();
    const card = WalletCard.medicareCard(
      OWNER,
      { ...MEDICARE, firstName: '  Alex ', lastName: 'Chen ', secondInitial: 'J', sex: 'F' },
      vault,
      NOW,
    );

    expect(card).toMatchObject({
      type: 'medicare_card',
      brand: 'medicare',
      last4: '6701',
      verified: false,
      verifiedAt: null,
      createdAt: NOW,
    });
    expect(vault.open(card.numberCiphertext as string)).toBe('2123456701');
    expect(card.fingerprint).toBe(vault.fingerprint(OWNER.organisationId, 'medicare_card', '2123456701'));
    expect(card.details).toEqual({
      referenceNumber: '1',
      firstName: 'Alex',
      lastName: 'Chen',
      dateOfBirth: '1988-04-12',
      secondInitial: 'J',
      sex: 'F',
    } satisfies MedicareCardDetails);
    expect(visibleStrings(card)).not.toContain('2123456701');
  });

  it('leaves secondInitial and sex null when not given', () => {
    const card = WalletCard.medicareCard(OWNER, MEDICARE, new InMemoryCardVault(), NOW);
    expect(card.details).toMatchObject({ secondInitial: null, sex: null });
  });

  it('fingerprints by number only, so the same card with another reference number is the same card', () => {
    const vault = new InMemoryCardVault();
    expect(
      WalletCard.medicareCard(OWNER, { ...MEDICARE, referenceNumber: '2', firstName: 'Sam' }, vault, NOW).fingerprint,
    ).toBe(WalletCard.medicareCard(OWNER, MEDICARE, vault, NOW).fingerprint);
    expect(
      WalletCard.medicareCard(OWNER, { ...MEDICARE, memberNumber: '2123456702' }, vault, NOW).fingerprint,
    ).not.toBe(WalletCard.medicareCard(OWNER, MEDICARE, vault, NOW).fingerprint);
  });

  it.each([
    ['a wrong check digit', '2123456711'],
    ['a first digit of 1', '1123456701'],
    ['a first digit of 7', '7123456701'],
    ['9 digits', '212345670'],
    ['11 digits', '21234567011'],
    ['an issue digit of 0', '2123456700'],
    ['letters', 'abcdefghij'],
  ])('rejects a member number with %s', (_label, memberNumber) => {
    const vault = new InMemoryCardVault();
    expect(fieldErrorOf(() => WalletCard.medicareCard(OWNER, { ...MEDICARE, memberNumber }, vault, NOW))).toMatchObject(
      {
        field: 'medicareCard.memberNumber',
        code: 'invalid_medicare_number',
      },
    );
    expect(vault.sealed.size).toBe(0);
  });

  it('does not echo the rejected number in the error', () => {
    const error = (() => {
      try {
        WalletCard.medicareCard(OWNER, { ...MEDICARE, memberNumber: '2123456711' }, new InMemoryCardVault(), NOW);
      } catch (caught) {
        return caught as DomainError;
      }
      throw new Error('expected a validation error');
    })();
    expect(JSON.stringify({ message: error.message, errors: error.errors })).not.toContain('2123456711');
  });

  it.each(['1', '5', '9'])('accepts reference number %s', (referenceNumber) => {
    expect(
      (
        WalletCard.medicareCard(OWNER, { ...MEDICARE, referenceNumber }, new InMemoryCardVault(), NOW)
          .details as MedicareCardDetails
      ).referenceNumber,
    ).toBe(referenceNumber);
  });

  it.each(['0', '10', '', 'a', ' 1'])('rejects reference number %p', (referenceNumber) => {
    expect(
      fieldErrorOf(() =>
        WalletCard.medicareCard(OWNER, { ...MEDICARE, referenceNumber }, new InMemoryCardVault(), NOW),
      ),
    ).toMatchObject({
      field: 'medicareCard.referenceNumber',
    });
  });

  it.each(['firstName', 'lastName'] as const)('takes a %s of 40 characters and rejects 41 or only spaces', (field) => {
    expect(
      WalletCard.medicareCard(OWNER, { ...MEDICARE, [field]: 'A'.repeat(40) }, new InMemoryCardVault(), NOW).details,
    ).toMatchObject({
      [field]: 'A'.repeat(40),
    });
    expect(
      fieldErrorOf(() =>
        WalletCard.medicareCard(OWNER, { ...MEDICARE, [field]: 'A'.repeat(41) }, new InMemoryCardVault(), NOW),
      ),
    ).toMatchObject({
      field: `medicareCard.${field}`,
    });
    expect(
      fieldErrorOf(() => WalletCard.medicareCard(OWNER, { ...MEDICARE, [field]: '   ' }, new InMemoryCardVault(), NOW)),
    ).toMatchObject({
      field: `medicareCard.${field}`,
    });
  });

  it.each([
    ['today', '2026-11-22'],
    ['tomorrow', '2026-11-23'],
    ['next year', '2027-01-01'],
    ['not a date', 'yesterday'],
    ['day first', '12/04/1988'],
    ['not a calendar day', '1988-02-30'],
    ['a date-time', '1988-04-12T00:00:00Z'],
  ])('rejects a date of birth of %s', (_label, dateOfBirth) => {
    expect(
      fieldErrorOf(() => WalletCard.medicareCard(OWNER, { ...MEDICARE, dateOfBirth }, new InMemoryCardVault(), NOW)),
    ).toMatchObject({
      field: 'medicareCard.dateOfBirth',
    });
  });

  it('accepts a date of birth of yesterday', () => {
    expect(
      (
        WalletCard.medicareCard(OWNER, { ...MEDICARE, dateOfBirth: '2026-11-21' }, new InMemoryCardVault(), NOW)
          .details as MedicareCardDetails
      ).dateOfBirth,
    ).toBe('2026-11-21');
  });
});
