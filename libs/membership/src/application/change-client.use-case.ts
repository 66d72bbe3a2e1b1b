import { Injectable } from '@nestjs/common';
import type { Caller } from '@app/shared';
import { assertIfMatch, Clock, DomainEvents, referenceNotFound } from '@app/shared/domain';
import type { Client, ClientChanges } from '../domain/client.js';
import { ClientRepository } from '../domain/client.repository.js';
import { clientNotFound } from '../domain/membership.errors.js';
import { type ClientView, clientView } from './client.queries.js';
import { MemberQueries } from './member.queries.js';

/**
 * Edits and archives a client. Each reads the client locked, checks `If-Match` against the version
 * it holds, and writes and records an event only when something changed. A change never touches
 * the client's bookings.
 */
@Injectable()
export class ChangeClient {
  constructor(
    private readonly clients: ClientRepository,
    private readonly members: MemberQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** As on create, a new `memberId` must name a member the caller can already see (404 naming `memberId` otherwise). */
  update(
    caller: Caller,
    organisationId: string,
    clientId: string,
    changes: ClientChanges,
    ifMatch: string | undefined,
  ): Promise<ClientView> {
    return this.change(organisationId, clientId, ifMatch, async (client) => {
      const memberId = changes.memberId;
      if (memberId && memberId !== client.memberId && !(await this.members.isVisible(caller, memberId))) {
        throw referenceNotFound('memberId', 'Member', memberId);
      }
      return client.update(changes, this.clock.now()) ? 'client.updated' : null;
    });
  }

  /** Archiving an archived client changes nothing and records nothing. */
  archive(organisationId: string, clientId: string, ifMatch: string | undefined): Promise<ClientView> {
    return this.change(organisationId, clientId, ifMatch, async (client) =>
      client.archive(this.clock.now()) ? 'client.deleted' : null,
    );
  }

  private change(
    organisationId: string,
    clientId: string,
    ifMatch: string | undefined,
    apply: (client: Client) => Promise<'client.updated' | 'client.deleted' | null>,
  ): Promise<ClientView> {
    return this.events.transaction(async () => {
      const client = await this.clients.findForChange(organisationId, clientId);
      if (!client) throw clientNotFound(clientId);
      assertIfMatch(ifMatch, client.updatedAt);
      const event = await apply(client);
      if (event) {
        await this.clients.save(client);
        await this.events.record(event, organisationId, clientView(client));
      }
      return clientView(client);
    });
  }
}
