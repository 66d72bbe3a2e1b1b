import type { Referral } from './referral.js';

/** The sessions taken so far that a new referred claim adds to. */
export interface SessionsTaken {
  /** Under the referral. */
  ofReferral: number;
  /** Of the client's claims for services in the calendar year of the new one, under any referral or none. */
  inYear: number;
}

/**
 * Referrals, and the sessions claimed under them. A session is one referred item (`needsReferral`)
 * on a Medicare claim that was not voided.
 */
export abstract class ReferralRepository {
  /** Writes a new or changed referral. */
  abstract save(referral: Referral): Promise<void>;
  /** The client's referral, locked until the running transaction ends. */
  abstract lock(organisationId: string, clientId: string, referralId: string): Promise<Referral | null>;
  /**
   * Every referral of the client, archived ones too, locked in id order until the running
   * transaction ends: two claims for the client wait for each other, so the second counts the
   * sessions the first took.
   */
  abstract lockAllOfClient(organisationId: string, clientId: string): Promise<Referral[]>;
  /**
   * Moves the referral's `updatedAt` on (to `now`, or just past its last change): a claim made or
   * voided under it changed its `sessionsUsed`, and so its version.
   */
  abstract sessionsChanged(organisationId: string, referralId: string, now: Date): Promise<void>;
  /** The sessions taken under the referral, and by the client's claims for services from `year.from` until `year.to`. */
  abstract sessionsTaken(
    organisationId: string,
    clientId: string,
    referralId: string,
    year: { from: Date; to: Date },
  ): Promise<SessionsTaken>;
}
