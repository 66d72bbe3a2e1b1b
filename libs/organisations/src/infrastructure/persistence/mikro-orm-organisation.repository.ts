import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Organisation } from '../../domain/organisation.js';
import { OrganisationRepository, SlugTakenError } from '../../domain/organisation.repository.js';

@Injectable()
export class MikroOrmOrganisationRepository extends OrganisationRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findById(id: string): Promise<Organisation | null> {
    return this.em.findOne(Organisation, { id });
  }

  lock(id: string): Promise<Organisation | null> {
    return this.em.findOne(Organisation, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  async slugsLike(base: string): Promise<Set<string>> {
    const rows = await this.em.execute<{ slug: string }[]>(
      'select slug from organisations where slug = ? or slug ~ ?',
      [base, `^${base}-[0-9]+$`],
    );
    return new Set(rows.map((row) => row.slug));
  }

  async add(organisation: Organisation): Promise<void> {
    try {
      await this.em.persist(organisation).flush();
    } catch (error) {
      this.em.clear();
      if (error instanceof UniqueConstraintViolationException && /slug/.test(error.message))
        throw new SlugTakenError(organisation.slug);
      throw error;
    }
  }

  async save(organisation: Organisation): Promise<void> {
    await this.em.persist(organisation).flush();
  }
}
