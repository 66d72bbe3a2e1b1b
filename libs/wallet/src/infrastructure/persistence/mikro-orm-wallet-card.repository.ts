import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { WalletCard } from '../../domain/wallet-card.js';
import { DuplicateCardError, WalletCardRepository } from '../../domain/wallet-card.repository.js';

@Injectable()
export class MikroOrmWalletCardRepository extends WalletCardRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async add(card: WalletCard): Promise<void> {
    try {
      // Its own (nested) transaction: inside a use case's transaction, a savepoint the duplicate rolls back to.
      await this.em.transactional((tx) => tx.persist(card).flush());
    } catch (error) {
      this.em.clear();
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const existing = await this.em.findOneOrFail(
        WalletCard,
        { clientId: card.clientId, type: card.type, fingerprint: card.fingerprint },
        { fields: ['id'] },
      );
      throw new DuplicateCardError(existing.id);
    }
  }
}
