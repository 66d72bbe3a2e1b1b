import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { invalidField, notFound, offsetOf, referenceNotFound, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { ClientDirectory } from '@app/membership';
import { HealthFund } from '../domain/health-fund.js';
import { type HealthFundCardDetails, WalletCard, type WalletCardType } from '../domain/wallet-card.js';
import { clientNotFound } from '../domain/wallet.errors.js';

/** A card as read for an answer: the card, and its fund when it is a health fund card. */
export interface CardRead {
  card: WalletCard;
  healthFund: HealthFund | null;
}

/** Reads of wallets, for the wallet's own list and for other contexts' expansions; all batched. */
@Injectable()
export class WalletQueries {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
    private readonly clients: ClientDirectory,
  ) {}

  /** A client's cards, newest first. */
  async list(organisationId: string, clientId: string, page: PageRequest): Promise<Page<CardRead>> {
    if (!(await this.clients.findActiveClient(organisationId, clientId))) throw clientNotFound(clientId);
    const [cards, total] = await this.em.findAndCount(
      WalletCard,
      { organisationId, clientId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: offsetOf(page) },
    );
    return pageOf(await this.withFunds(cards), total, page);
  }

  async get(organisationId: string, clientId: string, cardId: string): Promise<CardRead> {
    const card = await this.em.findOne(WalletCard, { id: cardId, organisationId, clientId });
    if (!card) throw notFound('Wallet card', cardId);
    const [read] = await this.withFunds([card]);
    return read;
  }

  /** The organisation's cards with these ids, in two statements at most. */
  async cardsByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, CardRead>> {
    if (ids.length === 0) return new Map();
    const cards = await this.sql.entities(WalletCard, 'where organisation_id = $1 and id = any($2)', [organisationId, [...new Set(ids)]]);
    return new Map((await this.withFunds(cards)).map((read) => [read.card.id, read]));
  }

  /**
   * Each named card is one of the organisation's (and, given `clientId`, that client's), of the
   * type its field says: otherwise a 404 or 400 naming the field. One statement.
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

  /** Health funds by id, in one statement. */
  async healthFundsByIds(ids: readonly string[]): Promise<Map<string, HealthFund>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    return new Map((await this.sql.entities(HealthFund, 'where id = any($1)', [unique])).map((fund) => [fund.id, fund]));
  }

  private async withFunds(cards: WalletCard[]): Promise<CardRead[]> {
    const funds = await this.healthFundsByIds(
      cards.filter((card) => card.type === 'health_fund_card').map((card) => (card.details as HealthFundCardDetails).healthFundId),
    );
    return cards.map((card) => ({
      card,
      healthFund: card.type === 'health_fund_card' ? (funds.get((card.details as HealthFundCardDetails).healthFundId) ?? null) : null,
    }));
  }
}
