import { EntitySchema } from '@mikro-orm/core';
import { Claim } from '../../domain/claim.js';
import { MedicareClaim } from '../../domain/medicare-claim.js';
import { PaymentTransaction } from '../../domain/payment-transaction.js';
import { Payout } from '../../domain/payout.js';
import { Transaction } from '../../domain/transaction.js';

const TIMESTAMP = { type: 'Date', columnType: 'timestamptz(3)' } as const;
const UUID = { type: 'uuid', columnType: 'uuid' } as const;
const JSON = { type: 'json', columnType: 'jsonb' } as const;

export const TransactionSchema = new EntitySchema<Transaction>({
  class: Transaction,
  tableName: 'transactions',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    businessId: UUID,
    bookingId: { ...UUID, nullable: true },
    clientId: { ...UUID, nullable: true },
    clientName: { type: 'string' },
    customerName: { type: 'string' },
    amount: { type: 'integer' },
    currency: { type: 'string' },
    paymentMethodId: { ...UUID, nullable: true },
    healthFundCardId: { ...UUID, nullable: true },
    medicareCardId: { ...UUID, nullable: true },
    serviceProviderId: { ...UUID, nullable: true },
    locationId: { ...UUID, nullable: true },
    items: JSON,
    confirmations: JSON,
    createdAt: TIMESTAMP,
  },
});

export const ClaimSchema = new EntitySchema<Claim>({
  class: Claim,
  tableName: 'claims',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    healthFundId: UUID,
    referenceNumber: { type: 'string' },
    providerNumber: { type: 'string' },
    isRebateEstimate: { type: 'boolean' },
    totalChargeAmount: { type: 'integer' },
    totalRebateAmount: { type: 'integer' },
    totalGapAmount: { type: 'integer' },
    items: JSON,
    device: JSON,
    serviceType: JSON,
    rules: JSON,
    response: JSON,
    payment: { ...JSON, nullable: true },
    provider: JSON,
    cancelledAt: { ...TIMESTAMP, nullable: true },
    voidedAt: { ...TIMESTAMP, nullable: true },
    createdAt: TIMESTAMP,
  },
});

export const MedicareClaimSchema = new EntitySchema<MedicareClaim>({
  class: MedicareClaim,
  tableName: 'medicare_claims',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    transactionId: { ...UUID, nullable: true },
    reference: { type: 'string' },
    mcolTransactionId: { type: 'string', nullable: true },
    mcolClaimId: { type: 'string', nullable: true },
    mcolErrorCode: { type: 'string', nullable: true },
    mcolErrorMessage: { type: 'string', nullable: true },
    type: JSON,
    paymentStatus: JSON,
    totalChargeAmount: { type: 'integer' },
    totalRebateAmount: { type: 'integer' },
    totalGapAmount: { type: 'integer' },
    itemsCount: { type: 'integer' },
    items: JSON,
    rules: JSON,
    patientMedicareCardId: UUID,
    claimantMedicareCardId: { ...UUID, nullable: true },
    createdAt: TIMESTAMP,
  },
});

export const PayoutSchema = new EntitySchema<Payout>({
  class: Payout,
  tableName: 'payouts',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    businessId: UUID,
    amount: { type: 'integer' },
    currency: { type: 'string' },
    status: { type: 'string' },
    arrivalDate: { type: 'date', columnType: 'date' },
    transactionCount: { type: 'integer' },
    createdAt: TIMESTAMP,
  },
});

export const PaymentTransactionSchema = new EntitySchema<PaymentTransaction>({
  class: PaymentTransaction,
  tableName: 'payment_transactions',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    businessId: UUID,
    transactionId: { ...UUID, nullable: true },
    payoutId: { ...UUID, nullable: true },
    source: { type: 'string' },
    amount: { type: 'integer' },
    platformFeeAmount: { type: 'integer' },
    payment: { ...JSON, nullable: true },
    claimId: { ...UUID, nullable: true },
    medicareClaimId: { ...UUID, nullable: true },
    adjustments: JSON,
    paymentLinks: JSON,
    events: JSON,
    createdAt: TIMESTAMP,
  },
});
