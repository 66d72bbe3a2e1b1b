import type { WalletCard } from './wallet-card.js';

export abstract class WalletCardRepository {
  /** Fails with `DuplicateCardError` naming the card already held when the client has this card. */
  abstract add(card: WalletCard): Promise<void>;
}

export class DuplicateCardError extends Error {
  constructor(readonly existingCardId: string) {
    super(`duplicate of ${existingCardId}`);
  }
}
