import type { Page, PageRequest } from '@app/shared/domain';
import type { Referral } from '../domain/referral.js';

/** A referral as the API shows it: what it says, and the sessions claimed under it. */
export interface ReferralView {
  referral: Referral;
  /** Referred item lines on the Medicare claims made under it that were not voided. */
  sessionsUsed: number;
}

/** Reads of a client's referrals, archived ones included (marked `deleted`). */
export abstract class ReferralQueries {
  /**
   * A page of the client's referrals, newest first (`createdAt desc, id desc`), archived ones left
   * out unless `includeDeleted`; in sync mode (`updatedSince`) those changed since, archived ones
   * included, `updatedAt, id` ascending. 404 for a client that is not the organisation's.
   */
  abstract list(
    organisationId: string,
    clientId: string,
    page: PageRequest,
    options: { includeDeleted: boolean },
  ): Promise<Page<ReferralView>>;
  /** One referral of the client, archived or not; 404 for any other. */
  abstract get(organisationId: string, clientId: string, referralId: string): Promise<ReferralView>;
}
