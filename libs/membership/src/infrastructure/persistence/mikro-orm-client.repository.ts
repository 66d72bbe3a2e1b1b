import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isUuid } from '@app/shared/domain';
import { Client } from '../../domain/client.js';
import { ClientRepository } from '../../domain/client.repository.js';

@Injectable()
export class MikroOrmClientRepository extends ClientRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async add(client: Client): Promise<void> {
    await this.em.persist(client).flush();
  }

  findForChange(organisationId: string, clientId: string): Promise<Client | null> {
    if (!isUuid(clientId)) return Promise.resolve(null);
    return this.em.findOne(
      Client,
      { id: clientId, organisationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
  }

  async save(client: Client): Promise<void> {
    await this.em.persist(client).flush();
  }
}
