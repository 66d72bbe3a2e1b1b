import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { businessDayOf } from '../../ledger/domain/claim.js';
import type { Referral } from '../domain/referral.js';
import {
  referralExhausted,
  referralExpired,
  referralNotOfClient,
  referralNotYetIssued,
  referralRequired,
} from '../domain/referral.errors.js';
import { ReferralRepository } from '../domain/referral.repository.js';
import { calendarYearIn, needsReferral, REFERRED_SESSIONS_A_YEAR } from '../domain/referred-items.js';

/** The booking a Medicare claim is made for, as far as its referral goes. */
export interface ReferredService {
  clientId: string;
  serviceDate: Date;
  /** The time zone of the booking's location: its calendar tells the service's day and year. */
  timeZone: string;
}

/**
 * Whether a Medicare claim may be made under the referral it names, asked before Medicare is. Runs
 * inside the check-out's transaction: it locks the client's referrals until that transaction ends,
 * so two claims for the client at once take their sessions one after the other.
 */
@Injectable()
export class ReferralChecks {
  constructor(
    private readonly referrals: ReferralRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * The referral a claim of `itemCodes` is made under; `null` when none is named and no item needs
   * one. A referred item (`needsReferral`) needs one of the client's live referrals (409
   * `referral_required` when none is named, 400 naming `medicareClaim.referralId` for one that is
   * not the client's or was issued after the service), not expired on the day of the service (409
   * `referral_expired`), with a session left for each referred item, of its own and of the 5
   * Medicare pays the client for in the service's calendar year (409 `referral_exhausted`). The
   * referral's `updatedAt` moves on with the sessions the claim takes (undone if the claim is not
   * made).
   */
  async referralFor(
    organisationId: string,
    service: ReferredService,
    referralId: string | undefined,
    itemCodes: readonly string[],
  ): Promise<Referral | null> {
    const referred = itemCodes.filter(needsReferral);
    if (referralId === undefined) {
      if (referred.length > 0) throw referralRequired(referred[0]);
      return null;
    }
    const ofClient = await this.referrals.lockAllOfClient(organisationId, service.clientId);
    const referral = ofClient.find((candidate) => candidate.id === referralId && !candidate.deleted);
    if (!referral) throw referralNotOfClient();
    if (referred.length === 0) return referral;

    const day = businessDayOf(service.serviceDate, service.timeZone);
    const coverage = referral.coverageOn(day);
    if (coverage === 'not_yet_issued') throw referralNotYetIssued(referral.issuedOn, day);
    if (coverage === 'expired') throw referralExpired(referral.id, referral.expiresOn!, day);
    const year = Number(day.slice(0, 4));
    const taken = await this.referrals.sessionsTaken(
      organisationId,
      service.clientId,
      referral.id,
      calendarYearIn(year, service.timeZone),
    );
    if (!referral.hasSessionsFor(taken.ofReferral, referred.length))
      throw referralExhausted(referral.id, { sessionsReferred: referral.sessionsReferred! });
    if (taken.inYear + referred.length > REFERRED_SESSIONS_A_YEAR) throw referralExhausted(referral.id, { year });
    await this.referrals.sessionsChanged(organisationId, referral.id, this.clock.now());
    return referral;
  }
}
