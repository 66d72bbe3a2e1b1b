import { PaymentTransaction } from '../domain/payment-transaction.js';
import { PaymentTransactionResponse } from '../http/dto/payment-transaction.response.js';

/**
 * A declined card payment as the `payment.failed` event shows it: the shape of a payment
 * transaction, though none is stored (nothing of a declined payment is kept).
 */
export function failedPaymentData(
  owner: { organisationId: string; businessId: string; transactionId: string | null },
  paymentMethodId: string | null,
  amount: number,
  now: Date,
): object {
  const failed = PaymentTransaction.forCardPayment(owner, { status: 'failed', paymentMethodId, clientSecret: null, amount }, 0, now);
  return PaymentTransactionResponse.from(
    {
      paymentTransaction: failed,
      claim: null,
      healthFund: null,
      medicareClaim: null,
      patientMedicareCard: null,
      claimantMedicareCard: null,
      eventMembers: new Map(),
    },
    'transaction',
  );
}
