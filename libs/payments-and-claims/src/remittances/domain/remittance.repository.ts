import type { Cents } from '@app/shared/domain';
import type { Claim } from '../../ledger/domain/claim.js';
import type { MedicareClaim } from '../../ledger/domain/medicare-claim.js';
import type { PaymentTransaction } from '../../ledger/domain/payment-transaction.js';
import type { Payer, PayerType, Remittance } from './remittance.js';

/** How far back the payers are asked about a claim: Medicare keeps a bulk bill payment report six months. */
export const REMITTANCE_WINDOW_DAYS = 183;

/** An approved bulk bill or fund claim of the business that no remittance has paid yet. */
export interface UnremittedClaim {
  paymentTransactionId: string;
  payerType: PayerType;
  /** The fund's; `null` for Medicare. */
  healthFundId: string | null;
  payeeProviderNumber: string;
  /** The payer's own id of it. */
  reference: string;
  lodgedAt: Date;
  benefit: Cents;
}

/** A claim a remittance paid, with its payment transaction. */
export interface RemittedClaim {
  paymentTransaction: PaymentTransaction;
  claim: Claim | null;
  medicareClaim: MedicareClaim | null;
}

/** Remittances and the claims they paid. Writes run inside the caller's transaction. */
export abstract class RemittanceRepository {
  /**
   * The business's live claims a payer pays the business (fund claims with a benefit, bulk bills),
   * not voided, in no remittance, and lodged in the `REMITTANCE_WINDOW_DAYS` before `now` (Medicare
   * keeps a payment report six months; an older claim no payer reported is matched by hand).
   */
  abstract unremittedClaims(businessId: string, now: Date): Promise<UnremittedClaim[]>;
  /** Whether the business has a remittance of this payer, payee and payment reference. */
  abstract hasDeposit(
    businessId: string,
    payer: Payer,
    payeeProviderNumber: string,
    reference: string,
  ): Promise<boolean>;
  abstract lock(businessId: string, remittanceId: string): Promise<Remittance | null>;
  /** The claims the remittance paid, with their payment transactions, to record the payment on. */
  abstract claimsOf(remittanceId: string): Promise<RemittedClaim[]>;
  /** Writes the remittance (new or changed) and its claims as marked, in one flush. */
  abstract save(remittance: Remittance, claims: RemittedClaim[]): Promise<void>;
  /** The businesses with claims `unremittedClaims` would name. */
  abstract businessesWithUnremitted(now: Date): Promise<string[]>;
  /**
   * The payment transactions of `UnremittedClaim`s locked (in id order), with their claims read
   * after the lock: a void that committed meanwhile shows.
   */
  abstract lockClaims(paymentTransactionIds: readonly string[]): Promise<RemittedClaim[]>;
}

/** One payer's payments to one payee, whose claims it is asked about together. */
export function payerKeyOf(type: PayerType, healthFundId: string | null, payeeProviderNumber: string): string {
  return `${type}:${healthFundId ?? ''}:${payeeProviderNumber}`;
}
