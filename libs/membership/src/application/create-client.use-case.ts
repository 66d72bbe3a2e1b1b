import { Injectable } from '@nestjs/common';
import { Clock, referenceNotFound } from '@app/shared/domain';
import { OrganisationDirectory } from '@app/organisations';
import { Client, type NewClient } from '../domain/client.js';
import { ClientRepository } from '../domain/client.repository.js';
import { MemberRepository } from '../domain/member.repository.js';

@Injectable()
export class CreateClient {
  constructor(
    private readonly clients: ClientRepository,
    private readonly members: MemberRepository,
    private readonly organisations: OrganisationDirectory,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, props: NewClient): Promise<Client> {
    await this.organisations.assertExists(organisationId);
    const client = Client.create(organisationId, props, this.clock.now());
    if (client.memberId && !(await this.members.exists(client.memberId))) throw referenceNotFound('memberId', 'Member', client.memberId);
    await this.clients.add(client);
    return client;
  }
}
