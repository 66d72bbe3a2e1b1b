import { describe, expect, it } from '@jest/globals';
import { gstWithin, Invoice, invoiceNumber, type InvoiceParties } from './invoice.js';
import { type Owner, PaymentTransaction } from './payment-transaction.js';
import { Transaction } from './transaction.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const LATER = new Date('2026-11-23T01:00:00.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const BUSINESS = '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a';
const BOOKING = '0193a6fb-b425-70e7-82f9-5d6e7f8091a2';
const CLIENT = '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80';
const BOOKED = { id: BOOKING, clientId: CLIENT, serviceDate: NOW };
const PARTIES: InvoiceParties = {
  business: { name: 'Move Well Physio Pty Ltd', taxIdentifier: '51824753556' },
  location: {
    name: 'Bondi Junction',
    timeZone: 'Australia/Sydney',
    address: {
      line1: '88 Bondi Road',
      line2: null,
      suburb: 'Bondi Junction',
      city: null,
      state: 'NSW',
      postcode: '2022',
      country: null,
      countryCode: 'AU',
    },
  },
  provider: { name: 'Sam Nguyen', providerNumber: '2429591L' },
  client: { firstName: 'Alex', lastName: 'Chen' },
};

const band = {
  id: 'b',
  name: 'Band',
  basePrice: 2000,
  totalPrice: 2200,
  taxAmount: 200,
  taxRate: 10,
  itemCode: 'BAND',
  pmsBillableItemId: null,
  serviceItem: null,
};
const sale = () =>
  Transaction.create(
    ORGANISATION,
    {
      businessId: BUSINESS,
      bookingId: BOOKING,
      clientId: CLIENT,
      clientName: 'Alex Chen',
      items: [
        {
          description: 'Consultation',
          chargeAmount: 12000,
          itemCode: '500',
          clinicalCode: null,
          billableItemId: null,
          appointmentTypeId: null,
          billableItem: null,
        },
        {
          description: 'Band',
          chargeAmount: 2200,
          itemCode: 'BAND',
          clinicalCode: null,
          billableItemId: 'b',
          appointmentTypeId: null,
          billableItem: band,
        },
      ],
    },
    NOW,
  );
const owner = (transaction: Transaction): Owner => ({
  organisationId: ORGANISATION,
  businessId: BUSINESS,
  transactionId: transaction.id,
});
const card = (transaction: Transaction, amount: number) =>
  PaymentTransaction.forCardPayment(
    owner(transaction),
    { amount, status: 'succeeded', paymentMethodId: null, clientSecret: null },
    0,
    NOW,
  );

describe('Invoice', () => {
  it('numbers as INV- and six digits at least', () => {
    expect([invoiceNumber(1), invoiceNumber(42), invoiceNumber(1_234_567)]).toEqual([
      'INV-000001',
      'INV-000042',
      'INV-1234567',
    ]);
  });

  it('takes the GST within each amount at its billable item rate, and its sums add up', () => {
    const invoice = Invoice.issue(sale(), [], BOOKED, PARTIES, NOW);
    expect(invoice.status).toBe('open');
    expect(invoice.items.map((item) => [item.taxRate, item.taxAmount, item.amount])).toEqual([
      [0, 0, 12000],
      [10, 200, 2200],
    ]);
    expect({ subtotal: invoice.subtotal, taxAmount: invoice.taxAmount, total: invoice.total }).toEqual({
      subtotal: 14000,
      taxAmount: 200,
      total: 14200,
    });
    expect(gstWithin(1999, 10)).toBe(182);
  });

  it('is due what the payments leave; a refund is counted but makes nothing due, a void does', () => {
    const transaction = sale();
    const invoice = Invoice.issue(transaction, [], BOOKED, PARTIES, NOW);
    const paid = card(transaction, 14200);
    expect(invoice.balanceOf([card(transaction, 10000)])).toMatchObject({ amountPaid: 10000, amountDue: 4200 });
    paid.adjust({ source: 'refund', amount: -3000, createdAt: LATER.toISOString() });
    expect(invoice.balanceOf([paid])).toMatchObject({ amountPaid: 14200, amountRefunded: 3000, amountDue: 0 });
    expect(invoice.settle(invoice.balanceOf([paid]), LATER)).toBe(true);
    expect(invoice.status).toBe('paid');
    expect(invoice.settle(invoice.balanceOf([paid]), LATER)).toBe(false);
    paid.adjust({ source: 'claim_void', amount: -14200, createdAt: LATER.toISOString() });
    expect(invoice.balanceOf([paid])).toMatchObject({ amountPaid: 0, amountDue: 14200 });
  });
});
