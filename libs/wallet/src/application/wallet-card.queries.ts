import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlReader } from '@app/shared';
import { invalidField, notFound, offsetOf, referenceNotFound, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { ClientQueries } from '@app/membership';
import { HealthFund } from '../domain/health-fund.js';
import { type HealthFundCardDetails, WalletCard, type WalletCardType } from '../domain/wallet-card.js';
import { clientNotFound } from '../domain/wallet.errors.js';

// The ciphertext stays out of every answer; only the vault ever opens it.
const WALLET_CARDS = ReadModel.of(WalletCard, 'w', { omit: ['numberCiphertext'] });
const HEALTH_FUNDS = ReadModel.of(HealthFund, 'f');

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

  /**
   * Each named card is one of the organisation's (and, given `clientId`, that client's), of the
   * type its field says: otherwise a 404 or 400 naming the field. One read of `cardsByIds`.
   */
  async assertCards(organisationId: string, cards: { field: string; id: string | null | undefined; type: WalletCardType }[], clientId?: string): Promise<void> {
    const named = cards.filter((card): card is { field: string; id: string; type: WalletCardType } => Boolean(card.id));
    const found = await this.cardsByIds(
      organisationId,
      named.map((card) => card.id),
    );
    for (const { field, id, type } of named) {
      const card = found.get(id)?.card;
      if (!card || (clientId !== undefined && card.clientId !== clientId)) throw referenceNotFound(field, 'Wallet card', id);
      if (card.type !== type) throw invalidField(field, 'wrong_card_type', `must name a ${type.replace(/_/g, ' ')}`);
    }
  }
}

/** `WalletCardQueries` on PostgreSQL, batched: `cardsByIds` is two statements at most. */
@Injectable()
export class SqlWalletCardQueries extends WalletCardQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly clients: ClientQueries,
  ) {
    super();
  }

  async list(organisationId: string, clientId: string, page: PageRequest): Promise<Page<CardView>> {
    if (!(await this.clients.findClient(organisationId, clientId))) throw clientNotFound(clientId);
    const window = listWindow('w', page, 'w.created_at desc, w.id desc', 3);
    const where = `where w.organisation_id = $1 and w.client_id = $2${window.condition}`;
    const values = [organisationId, clientId, ...window.params];
    const [cards, total] = await Promise.all([
      this.sql.select(WALLET_CARDS, `${where} order by ${window.orderBy} limit $${values.length + 1} offset $${values.length + 2}`, [
        ...values,
        page.limit,
        offsetOf(page),
      ]),
      this.sql.count(WALLET_CARDS, where, values),
    ]);
    return pageOf(await this.withFunds(cards), total, page);
  }

  async get(organisationId: string, clientId: string, cardId: string): Promise<CardView> {
    const card = await this.sql.first(WALLET_CARDS, 'where w.id = $1 and w.organisation_id = $2 and w.client_id = $3', [cardId, organisationId, clientId]);
    if (!card) throw notFound('Wallet card', cardId);
    const [read] = await this.withFunds([card]);
    return read;
  }

  async cardsByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, CardView>> {
    if (ids.length === 0) return new Map();
    const cards = await this.sql.select(WALLET_CARDS, 'where w.organisation_id = $1 and w.id = any($2)', [organisationId, [...new Set(ids)]]);
    return new Map((await this.withFunds(cards)).map((read) => [read.card.id, read]));
  }

  async healthFundsByIds(ids: readonly string[]): Promise<Map<string, HealthFund>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    return new Map((await this.sql.select(HEALTH_FUNDS, 'where f.id = any($1)', [unique])).map((fund) => [fund.id, fund]));
  }

  private async withFunds(cards: CardView['card'][]): Promise<CardView[]> {
    const funds = await this.healthFundsByIds(
      cards.filter((card) => card.type === 'health_fund_card').map((card) => (card.details as HealthFundCardDetails).healthFundId),
    );
    return cards.map((card) => ({
      card,
      healthFund: card.type === 'health_fund_card' ? (funds.get((card.details as HealthFundCardDetails).healthFundId) ?? null) : null,
    }));
  }
}
