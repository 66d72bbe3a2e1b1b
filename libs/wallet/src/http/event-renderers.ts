import type { EventRenderers } from '@app/shared/domain';
import type { CardView } from '../application/wallet-card.queries.js';
import { WalletCardResponse } from './dto/wallet-card.response.js';

/** The `data` of wallet events: the card as its GET answers it (masked, never the full number). */
export function renderWalletEvents(renderers: EventRenderers): void {
  renderers.register(['wallet_card.created'], (card: CardView) => WalletCardResponse.from(card));
}
