import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { LiveLinkExistsError, PractitionerRepository } from '../../domain/practitioner.repository.js';
import { Provider } from '../../domain/provider.js';
import type { ProviderLocationLink } from '../../domain/provider-location-link.js';

@Injectable()
export class MikroOrmPractitionerRepository extends PractitionerRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findProvider(organisationId: string, providerId: string): Promise<Provider | null> {
    return this.em.findOne(Provider, { id: providerId, organisationId });
  }

  async save(provider: Provider): Promise<void> {
    await this.em.persist(provider).flush();
  }

  async addLink(link: ProviderLocationLink): Promise<void> {
    try {
      await this.em.persist(link).flush();
    } catch (error) {
      this.em.clear();
      if (error instanceof UniqueConstraintViolationException) throw new LiveLinkExistsError();
      throw error;
    }
  }
}
