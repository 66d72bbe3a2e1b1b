import { ApiCents } from '@app/shared';
import { PaymentTransactionResponse } from '../../../ledger/http/dto/payment-transaction.response.js';
import type { RemittedClaimView } from '../../application/remittance.queries.js';

/** A claim's payment transaction as a payout lists it, and what the remittance paid for it. */
export class RemittedClaimResponse extends PaymentTransactionResponse {
  @ApiCents({
    example: 5830,
    description:
      'Integer cents: what the payer paid for this claim; its `amount` (the approved benefit) when they agree.',
  })
  paidAmount: number;

  static of({ view, paidAmount }: RemittedClaimView): RemittedClaimResponse {
    return { ...PaymentTransactionResponse.from(view, 'payout'), paidAmount };
  }
}
