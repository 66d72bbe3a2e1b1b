import { Injectable } from '@nestjs/common';
import { limitAndOffset, listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { notFound, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { ClientQueries } from '@app/membership';
import { type CardView, WalletCardQueries } from '../../application/wallet-card.queries.js';
import { HealthFund } from '../../domain/health-fund.js';
import { type PaymentMethodDetails, WalletCard } from '../../domain/wallet-card.js';
import { clientNotFound } from '../../domain/wallet.errors.js';

// The ciphertext stays out of every answer; only the vault ever opens it.
export const WALLET_CARDS = ReadModel.of(WalletCard, 'w', { omit: ['numberCiphertext'] });
export const HEALTH_FUNDS = ReadModel.of(HealthFund, 'f');

/** A health fund card's fund, joined to its card (`f` beside `w`). */
export const WITH_FUNDS = `left join health_funds f on w.type = 'health_fund_card' and f.id = (w.details->>'healthFundId')::uuid`;

/** `WalletCardQueries` on PostgreSQL, batched: `cardsByIds` is one statement, the cards with their funds. */
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
    const params = new SqlParams(organisationId, clientId);
    const window = listWindow('w', page, 'w.created_at desc, w.id desc', params);
    const where = `where w.organisation_id = $1 and w.client_id = $2${window.condition}`;
    const filter = params.values;
    const paging = limitAndOffset(page, params);
    const [cards, total] = await Promise.all([
      this.withFunds(`${where} order by ${window.orderBy} ${paging}`, params.values),
      this.sql.count(WALLET_CARDS, where, filter),
    ]);
    return pageOf(cards, total, page);
  }

  async get(organisationId: string, clientId: string, cardId: string): Promise<CardView> {
    const [read] = await this.withFunds('where w.id = $1 and w.organisation_id = $2 and w.client_id = $3', [
      cardId,
      organisationId,
      clientId,
    ]);
    if (!read) throw notFound('Wallet card', cardId);
    return read;
  }

  async cardsByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, CardView>> {
    if (ids.length === 0) return new Map();
    const cards = await this.withFunds('where w.organisation_id = $1 and w.id = any($2)', [
      organisationId,
      [...new Set(ids)],
    ]);
    return new Map(cards.map((read) => [read.card.id, read]));
  }

  async healthFundsByIds(ids: readonly string[]): Promise<Map<string, HealthFund>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    return new Map(
      (await this.sql.select(HEALTH_FUNDS, 'where f.id = any($1)', [unique])).map((fund) => [fund.id, fund]),
    );
  }

  async processorCustomerOf(organisationId: string, clientId: string): Promise<string | null> {
    const card = await this.sql.first(
      WALLET_CARDS,
      "where w.organisation_id = $1 and w.client_id = $2 and w.type = 'payment_method' order by w.created_at desc, w.id desc",
      [organisationId, clientId],
    );
    return card ? (card.details as PaymentMethodDetails).customerId : null;
  }

  /** The cards `where` picks, each with its fund when it is a health fund card. */
  private async withFunds(where: string, values: readonly unknown[]): Promise<CardView[]> {
    const pairs = await this.sql.selectPairs(WALLET_CARDS, HEALTH_FUNDS, `${WITH_FUNDS} ${where}`, values);
    return pairs.map(([card, healthFund]) => ({ card, healthFund }));
  }
}
