import type { Cents } from '@app/shared/domain';
import { claimsCoverHeldMoney, nothingOpen } from './payments.errors.js';

/*
 * A booking can be checked out more than once: after a claim of its check-out was voided, or its
 * payment link expired unpaid. Each check-out states the booking's charges afresh (its own items,
 * not added to an earlier check-out's: both charge the one service), and collects only what is still
 * open on them, the charges less what the earlier check-outs still hold (their payments less
 * refunds, their claims not voided). So no check-out takes the money of an earlier one again.
 */

/**
 * Before any claim is filed: what is open on `charges`. Earlier money that covers them all is
 * refused (a free service checked out for the first time is not: nothing was paid for it).
 */
export function openBeforeClaims(bookingId: string, charges: Cents, heldByEarlier: Cents): Cents {
  if (heldByEarlier > 0 && charges <= heldByEarlier) throw nothingOpen(bookingId, charges, heldByEarlier);
  return charges - heldByEarlier;
}

/**
 * Once this check-out's claims have paid their part (`leftAfterClaims` is what they left of its
 * charges): the gap the card or the link pays. Claims that leave less than the earlier check-outs
 * hold would make the business hold more than the booking's charges: refused.
 */
export function gapAfterClaims(bookingId: string, leftAfterClaims: Cents, heldByEarlier: Cents): Cents {
  if (leftAfterClaims < heldByEarlier) throw claimsCoverHeldMoney(bookingId, leftAfterClaims, heldByEarlier);
  return leftAfterClaims - heldByEarlier;
}
