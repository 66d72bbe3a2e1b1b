import { ApiProperty } from '@nestjs/swagger';
import type { StripeEventOutcome } from '../../../ledger/domain/stripe-event-outcome.js';

const OUTCOMES: StripeEventOutcome[] = ['applied', 'unchanged', 'unknown', 'ignored', 'duplicate'];

/** What the service did with a Stripe event; Stripe shows it in the endpoint's event log. */
export class StripeWebhookResponse {
  @ApiProperty({ example: 'evt_3PqL0cAbCdEfGh1i0aBcDeFg', description: "The Stripe event's id." })
  id: string;

  @ApiProperty({ example: 'payment_intent.succeeded', description: "The Stripe event's type." })
  type: string;

  @ApiProperty({
    enum: OUTCOMES,
    example: 'applied',
    description:
      '`applied`: it changed what it is about (a payment settled or failed, a payout paid or failed, a failed refund given back). `unchanged`: that was so already. `unknown`: it names a payment, payout or refund this service did not make (logged). `ignored`: a type or state this service does not act on. `duplicate`: processed when it first arrived; nothing changed now.',
  })
  outcome: StripeEventOutcome;
}
