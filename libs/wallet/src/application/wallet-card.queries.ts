import { invalidField, type Page, type PageRequest, referenceNotFound } from '@app/shared/domain';
import type { HealthFund } from '../domain/health-fund.js';
import type { WalletCard, WalletCardType } from '../domain/wallet-card.js';

/** A card as read for an answer: the card (never its ciphertext), and its fund when it is a health fund card. */
export interface CardView {
  card: Omit<WalletCard, 'numberCiphertext'>;
  healthFund: HealthFund | null;
}

/** Reads of wallets, for the wallet's own list and for other contexts' expansions and checks. */
export abstract class WalletCardQueries {
  /** A client's cards, newest first (an archived client's too); in sync mode (`updatedSince`) those changed since, `updatedAt, id` ascending. */
  abstract list(organisationId: string, clientId: string, page: PageRequest): Promise<Page<CardView>>;
  abstract get(organisationId: string, clientId: string, cardId: string): Promise<CardView>;
  /** The organisation's cards with these ids. */
  abstract cardsByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, CardView>>;
  /** Health funds by id. */
  abstract healthFundsByIds(ids: readonly string[]): Promise<Map<string, HealthFund>>;
  /** The client's customer at the card processor: that of their newest payment method; `null` before their first. */
  abstract processorCustomerOf(organisationId: string, clientId: string): Promise<string | null>;

  /**
   * Each named card is one of the organisation's (and, given `clientId`, that client's), of the
   * type its field says: otherwise a 404 or 400 naming the field. One read of `cardsByIds`, whose
   * cards it answers.
   */
  async assertCards(
    organisationId: string,
    cards: { field: string; id: string | null | undefined; type: WalletCardType }[],
    clientId?: string,
  ): Promise<Map<string, CardView>> {
    const named = cards.filter((card): card is { field: string; id: string; type: WalletCardType } => Boolean(card.id));
    const found = await this.cardsByIds(
      organisationId,
      named.map((card) => card.id),
    );
    for (const { field, id, type } of named) {
      const card = found.get(id)?.card;
      if (!card || (clientId !== undefined && card.clientId !== clientId))
        throw referenceNotFound(field, 'Wallet card', id);
      if (card.type !== type) throw invalidField(field, 'wrong_card_type', `must name a ${type.replace(/_/g, ' ')}`);
    }
    return found;
  }
}
