import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CardVault } from '../domain/card-vault.js';
import { WalletCard } from '../domain/wallet-card.js';

/**
 * Full health fund and Medicare card numbers, opened from the vault only to be sent to the claiming
 * gateway of their card; never answered or logged.
 */
@Injectable()
export class CardNumbers {
  constructor(
    private readonly em: EntityManager,
    private readonly vault: CardVault,
  ) {}

  /** `null` when the organisation has no such card, or the card keeps no number. */
  async fullNumberOf(organisationId: string, cardId: string): Promise<string | null> {
    // The ciphertext is a lazy column: read only here, where the number is needed.
    const card = await this.em.findOne(WalletCard, { id: cardId, organisationId }, { populate: ['numberCiphertext'] });
    return card?.numberCiphertext ? this.vault.open(card.numberCiphertext) : null;
  }
}
