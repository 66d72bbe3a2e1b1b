import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Client } from '../../domain/client.js';
import { ClientRepository } from '../../domain/client.repository.js';

@Injectable()
export class MikroOrmClientRepository extends ClientRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async add(client: Client): Promise<void> {
    await this.em.persist(client).flush();
  }
}
