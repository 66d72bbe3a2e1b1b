import { describe, expect, it } from '@jest/globals';
import { DomainError, isUuid } from '@app/shared/domain';
import { type NewTransaction, Transaction, type TransactionItem } from './transaction.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const BUSINESS = '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a';

const item = (chargeAmount: number, extra: Partial<Omit<TransactionItem, 'id'>> = {}): Omit<TransactionItem, 'id'> => ({
  chargeAmount,
  description: 'Initial physiotherapy consultation',
  clinicalCode: null,
  itemCode: '560',
  billableItemId: null,
  appointmentTypeId: null,
  billableItem: null,
  ...extra,
});

const transactionOf = (items: Omit<TransactionItem, 'id'>[], extra: Partial<NewTransaction> = {}): Transaction =>
  Transaction.create(ORGANISATION, { businessId: BUSINESS, clientName: 'Alex Chen', items, ...extra }, NOW);

describe('Transaction.create', () => {
  it('charges the sum of its items, in AUD', () => {
    const transaction = transactionOf([item(9500), item(4500), item(1)]);
    expect(transaction.amount).toBe(14001);
    expect(transaction.currency).toBe('AUD');
  });

  it('charges nothing with no items', () => {
    expect(transactionOf([]).amount).toBe(0);
  });

  it('keeps each item with its own id and its billable item snapshot', () => {
    const snapshot = {
      id: '0193a6f8-8192-7db4-8fc6-2a3b4c5d6e7f',
      name: 'Initial consultation',
      basePrice: 9500,
      totalPrice: 9500,
      taxAmount: 0,
      taxRate: 0,
      itemCode: '560',
      pmsBillableItemId: null,
      serviceItem: null,
    };
    const transaction = transactionOf([
      item(9500, { billableItem: snapshot, billableItemId: snapshot.id }),
      item(4500),
    ]);
    expect(transaction.items[0]).toEqual({
      ...item(9500, { billableItem: snapshot, billableItemId: snapshot.id }),
      id: expect.any(String),
    });
    expect(transaction.items.every((transactionItem) => isUuid(transactionItem.id))).toBe(true);
    expect(transaction.items[0].id).not.toBe(transaction.items[1].id);
  });

  it('names the customer after the client unless told otherwise, and leaves unnamed links null', () => {
    const transaction = transactionOf([item(9500)]);
    expect(isUuid(transaction.id)).toBe(true);
    expect(transaction).toMatchObject({
      organisationId: ORGANISATION,
      businessId: BUSINESS,
      clientName: 'Alex Chen',
      customerName: 'Alex Chen',
      bookingId: null,
      clientId: null,
      paymentMethodId: null,
      healthFundCardId: null,
      medicareCardId: null,
      serviceProviderId: null,
      locationId: null,
      confirmations: [],
      createdAt: NOW,
    });
    expect(transactionOf([item(9500)], { customerName: 'Sam Chen' }).customerName).toBe('Sam Chen');
  });

  it.each([
    ['a fractional charge', 95.5],
    ['a negative charge', -100],
    ['NaN', Number.NaN],
  ])('refuses %s, naming the item', (_name, chargeAmount) => {
    let caught: unknown;
    try {
      transactionOf([item(9500), item(chargeAmount)]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).errors).toEqual([
      expect.objectContaining({ field: 'items[1].chargeAmount', code: 'invalid_amount' }),
    ]);
  });
});
