import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { LiveLinkExistsError, PractitionerRepository } from '../../domain/practitioner.repository.js';
import { Provider } from '../../domain/provider.js';
import { ProviderLocationLink } from '../../domain/provider-location-link.js';

// `refresh`: what was read before the lock may be stale; the locked read is what the change works on.
const LOCKED = { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } as const;

@Injectable()
export class MikroOrmPractitionerRepository extends PractitionerRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findProvider(organisationId: string, providerId: string): Promise<Provider | null> {
    return this.em.findOne(Provider, { id: providerId, organisationId });
  }

  lockProvider(organisationId: string, providerId: string): Promise<Provider | null> {
    return this.em.findOne(Provider, { id: providerId, organisationId }, LOCKED);
  }

  lockLink(organisationId: string, providerId: string, linkId: string): Promise<ProviderLocationLink | null> {
    return this.em.findOne(ProviderLocationLink, { id: linkId, providerId, organisationId }, LOCKED);
  }

  async save(...changed: (Provider | ProviderLocationLink)[]): Promise<void> {
    await this.em.persist(changed).flush();
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
