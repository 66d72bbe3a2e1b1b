import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import { isValidMedicareProviderNumber } from '@app/practitioners';
import type { Referral, ReferralChanges } from '../domain/referral.js';
import { referralNotFound } from '../domain/referral.errors.js';
import { ReferralRepository } from '../domain/referral.repository.js';
import { ReferralQueries, type ReferralView } from './referral.queries.js';

/**
 * Edits and archives a client's referral. Each reads it locked, checks `If-Match` against the
 * version it holds, and writes and records an event only when something changed. Claims already
 * made under it keep it.
 */
@Injectable()
export class ChangeReferral {
  constructor(
    private readonly referrals: ReferralRepository,
    private readonly queries: ReferralQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** Only the fields given change, checked as on create; no default is filled in again. */
  update(
    organisationId: string,
    clientId: string,
    referralId: string,
    changes: ReferralChanges,
    ifMatch: string | undefined,
  ): Promise<ReferralView> {
    return this.change(organisationId, clientId, referralId, ifMatch, (referral) =>
      referral.update(changes, this.clock.now(), isValidMedicareProviderNumber) ? 'referral.updated' : null,
    );
  }

  /** No new claim is made under an archived referral; archiving again changes nothing and records nothing. */
  archive(
    organisationId: string,
    clientId: string,
    referralId: string,
    ifMatch: string | undefined,
  ): Promise<ReferralView> {
    return this.change(organisationId, clientId, referralId, ifMatch, (referral) =>
      referral.archive(this.clock.now()) ? 'referral.deleted' : null,
    );
  }

  private change(
    organisationId: string,
    clientId: string,
    referralId: string,
    ifMatch: string | undefined,
    apply: (referral: Referral) => 'referral.updated' | 'referral.deleted' | null,
  ): Promise<ReferralView> {
    return this.events.transaction(async () => {
      const referral = await this.referrals.lock(organisationId, clientId, referralId);
      if (!referral) throw referralNotFound(referralId);
      assertIfMatch(ifMatch, referral.updatedAt);
      const event = apply(referral);
      if (event) await this.referrals.save(referral);
      // Read back in the transaction: the sessions claimed under it, as its GET shows them.
      const view = await this.queries.get(organisationId, clientId, referralId);
      if (event) await this.events.record(event, organisationId, view);
      return view;
    });
  }
}
