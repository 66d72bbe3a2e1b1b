import { Injectable } from '@nestjs/common';
import type { Caller } from '@app/shared';
import { Clock, DomainEvents, referenceNotFound } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { Client, type NewClient } from '../domain/client.js';
import { ClientRepository } from '../domain/client.repository.js';
import { clientView } from './client.queries.js';
import { MemberQueries } from './member.queries.js';

@Injectable()
export class CreateClient {
  constructor(
    private readonly clients: ClientRepository,
    private readonly members: MemberQueries,
    private readonly organisations: OrganisationQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /**
   * A client links only a member the caller can already see: a link makes the member visible to
   * the organisation, so linking any member id would read another organisation's members.
   */
  async execute(caller: Caller, organisationId: string, props: NewClient): Promise<Client> {
    await this.organisations.assertExists(organisationId);
    const client = Client.create(organisationId, props, this.clock.now());
    if (client.memberId && !(await this.members.isVisible(caller, client.memberId)))
      throw referenceNotFound('memberId', 'Member', client.memberId);
    await this.events.transaction(async () => {
      await this.clients.add(client);
      await this.events.record('client.created', organisationId, clientView(client));
    });
    return client;
  }
}
