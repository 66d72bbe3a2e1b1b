import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CardVault } from '../domain/card-vault.js';

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
    // The ciphertext is a lazy column: read only here, where the number is needed, and only it (no
    // card for the unit of work to keep and check at its flush).
    const [card] = await this.em.execute<{ number_ciphertext: string | null }[]>(
      'select number_ciphertext from wallet_cards where id = ? and organisation_id = ?',
      [cardId, organisationId],
    );
    return card?.number_ciphertext ? this.vault.open(card.number_ciphertext) : null;
  }
}
