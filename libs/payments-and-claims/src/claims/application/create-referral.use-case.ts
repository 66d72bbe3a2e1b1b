import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import { clientDeleted, ClientQueries } from '@app/membership';
import { isValidMedicareProviderNumber } from '@app/practitioners';
import { type NewReferral, Referral } from '../domain/referral.js';
import { referralClientNotFound } from '../domain/referral.errors.js';
import { ReferralRepository } from '../domain/referral.repository.js';
import type { ReferralView } from './referral.queries.js';

/**
 * Records a client's referral, its defaults filled in, and records `referral.created`. An archived
 * client takes no new referral (409 `client_deleted`), as it takes no new booking or card.
 */
@Injectable()
export class CreateReferral {
  constructor(
    private readonly referrals: ReferralRepository,
    private readonly clients: ClientQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  async execute(organisationId: string, clientId: string, props: NewReferral): Promise<ReferralView> {
    const client = await this.clients.findClient(organisationId, clientId);
    if (!client) throw referralClientNotFound(clientId);
    if (client.deleted) throw clientDeleted();
    const referral = Referral.create(organisationId, clientId, props, this.clock.now(), isValidMedicareProviderNumber);
    const view = { referral, sessionsUsed: 0 };
    await this.events.transaction(async () => {
      await this.referrals.save(referral);
      await this.events.record('referral.created', organisationId, view);
    });
    return view;
  }
}
