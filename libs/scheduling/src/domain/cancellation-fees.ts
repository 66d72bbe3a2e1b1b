import type { Cents } from '@app/shared/domain';

/** The booking a cancellation fee is charged for. */
export interface FeeBooking {
  id: string;
  clientId: string;
  providerId: string;
  locationId: string;
  appointmentTypeId: string;
  paymentMethodId: string;
}

/**
 * The seam to the payments-and-claims context for cancellation fees: charges the fee to the
 * booking's payment method as its own transaction, inside the cancellation's database
 * transaction (a declined card cancels nothing). Scheduling owns the port; payments implements it.
 */
export abstract class CancellationFees {
  abstract charge(organisationId: string, booking: FeeBooking, amount: Cents): Promise<void>;
}
