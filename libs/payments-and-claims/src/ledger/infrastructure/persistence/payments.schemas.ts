import { EntitySchema } from '@mikro-orm/core';
import { JSONB, TEXT, TIMESTAMP, UUID } from '@app/shared';
import { AdjustmentNote } from '../../domain/adjustment-note.js';
import { Claim } from '../../domain/claim.js';
import { Invoice } from '../../domain/invoice.js';
import { MedicareClaim } from '../../domain/medicare-claim.js';
import { PaymentTransaction } from '../../domain/payment-transaction.js';
import { Payout } from '../../domain/payout.js';
import { Transaction } from '../../domain/transaction.js';

export const TransactionSchema = new EntitySchema<Transaction>({
  class: Transaction,
  tableName: 'transactions',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    businessId: UUID,
    bookingId: { ...UUID, nullable: true },
    clientId: { ...UUID, nullable: true },
    clientName: TEXT,
    customerName: TEXT,
    amount: { type: 'integer' },
    currency: TEXT,
    paymentMethodId: { ...UUID, nullable: true },
    healthFundCardId: { ...UUID, nullable: true },
    medicareCardId: { ...UUID, nullable: true },
    serviceProviderId: { ...UUID, nullable: true },
    locationId: { ...UUID, nullable: true },
    items: JSONB,
    status: TEXT,
    confirmations: JSONB,
    pendingCheckOut: { ...JSONB, nullable: true },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const ClaimSchema = new EntitySchema<Claim>({
  class: Claim,
  tableName: 'claims',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    healthFundId: UUID,
    referenceNumber: TEXT,
    providerNumber: TEXT,
    isRebateEstimate: { type: 'boolean' },
    totalChargeAmount: { type: 'integer' },
    totalRebateAmount: { type: 'integer' },
    totalGapAmount: { type: 'integer' },
    items: JSONB,
    device: JSONB,
    serviceType: JSONB,
    rules: JSONB,
    response: JSONB,
    payment: { ...JSONB, nullable: true },
    provider: JSONB,
    cancelledAt: { ...TIMESTAMP, nullable: true },
    voidedAt: { ...TIMESTAMP, nullable: true },
    agreement: { ...JSONB, nullable: true },
    createdAt: TIMESTAMP,
  },
});

export const MedicareClaimSchema = new EntitySchema<MedicareClaim>({
  class: MedicareClaim,
  tableName: 'medicare_claims',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    transactionId: { ...UUID, nullable: true },
    reference: TEXT,
    mcolTransactionId: { ...TEXT, nullable: true },
    mcolClaimId: { ...TEXT, nullable: true },
    mcolErrorCode: { ...TEXT, nullable: true },
    mcolErrorMessage: { ...TEXT, nullable: true },
    type: JSONB,
    paymentStatus: JSONB,
    totalChargeAmount: { type: 'integer' },
    totalRebateAmount: { type: 'integer' },
    totalGapAmount: { type: 'integer' },
    itemsCount: { type: 'integer' },
    items: JSONB,
    rules: JSONB,
    patientMedicareCardId: UUID,
    claimantMedicareCardId: { ...UUID, nullable: true },
    referralId: { ...UUID, nullable: true },
    agreement: { ...JSONB, nullable: true },
    serviceDate: { ...TIMESTAMP, nullable: true },
    payeeProviderNumber: { ...TEXT, nullable: true },
    createdAt: TIMESTAMP,
  },
});

export const PayoutSchema = new EntitySchema<Payout>({
  class: Payout,
  tableName: 'payouts',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    businessId: UUID,
    amount: { type: 'integer' },
    currency: TEXT,
    status: TEXT,
    arrivalDate: { type: 'date', columnType: 'date' },
    transactionCount: { type: 'integer' },
    bankPayoutId: { ...TEXT, nullable: true },
    accountId: { ...TEXT, nullable: true },
    countedClaims: { type: 'boolean' },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const PaymentTransactionSchema = new EntitySchema<PaymentTransaction>({
  class: PaymentTransaction,
  tableName: 'payment_transactions',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    businessId: UUID,
    transactionId: { ...UUID, nullable: true },
    payoutId: { ...UUID, nullable: true },
    remittanceId: { ...UUID, nullable: true },
    remittedAmount: { type: 'integer', nullable: true },
    source: TEXT,
    amount: { type: 'integer' },
    platformFeeAmount: { type: 'integer' },
    payment: { ...JSONB, nullable: true },
    claimId: { ...UUID, nullable: true },
    medicareClaimId: { ...UUID, nullable: true },
    adjustments: JSONB,
    paymentLinks: JSONB,
    events: JSONB,
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const InvoiceSchema = new EntitySchema<Invoice>({
  class: Invoice,
  tableName: 'invoices',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    businessId: UUID,
    bookingId: UUID,
    transactionId: UUID,
    transactionIds: { type: 'string[]', columnType: 'uuid[]' },
    fee: { type: 'boolean' },
    clientId: UUID,
    number: TEXT,
    status: TEXT,
    issuedAt: TIMESTAMP,
    parties: JSONB,
    items: JSONB,
    subtotal: { type: 'integer' },
    taxAmount: { type: 'integer' },
    total: { type: 'integer' },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const AdjustmentNoteSchema = new EntitySchema<AdjustmentNote>({
  class: AdjustmentNote,
  tableName: 'adjustment_notes',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    businessId: UUID,
    invoiceId: UUID,
    number: TEXT,
    issuedAt: TIMESTAMP,
    reason: TEXT,
    amount: { type: 'integer' },
    taxAmount: { type: 'integer' },
    refundId: { ...TEXT, nullable: true },
    createdAt: TIMESTAMP,
  },
});

/** Every table of the context's records, for the ORM's configuration. */
export const paymentsSchemas = [
  TransactionSchema,
  ClaimSchema,
  MedicareClaimSchema,
  PayoutSchema,
  PaymentTransactionSchema,
  InvoiceSchema,
  AdjustmentNoteSchema,
];
