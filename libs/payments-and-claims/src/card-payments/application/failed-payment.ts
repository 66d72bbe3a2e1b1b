import { PaymentTransaction } from '../../ledger/domain/payment-transaction.js';
import type { PaymentTransactionView } from '../../ledger/application/payment-transaction.queries.js';

/**
 * A declined card payment as the `payment.failed` event shows it: the shape of a payment
 * transaction, though none is stored (nothing of a declined payment is kept).
 */
export function failedPaymentView(
  owner: { organisationId: string; businessId: string; transactionId: string | null },
  paymentMethodId: string | null,
  amount: number,
  now: Date,
): PaymentTransactionView {
  const failed = PaymentTransaction.forCardPayment(
    owner,
    { status: 'failed', paymentMethodId, clientSecret: null, amount },
    0,
    now,
  );
  return {
    paymentTransaction: failed,
    claim: null,
    healthFund: null,
    medicareClaim: null,
    patientMedicareCard: null,
    claimantMedicareCard: null,
    eventMembers: new Map(),
  };
}
