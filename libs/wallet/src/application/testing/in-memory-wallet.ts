import { notFound } from '@app/shared/domain';
import type { HealthFund } from '../../domain/health-fund.js';
import type { HealthFundCardDetails, WalletCard } from '../../domain/wallet-card.js';
import { DuplicateCardError, WalletCardRepository } from '../../domain/wallet-card.repository.js';
import { type CardRead, WalletQueries } from '../wallet.queries.js';

/** Behaves like the wallet table: a client holds a card (by fingerprint) once. */
export class InMemoryWallet extends WalletCardRepository {
  constructor(readonly cards: WalletCard[] = []) {
    super();
  }

  async add(card: WalletCard): Promise<void> {
    const held = this.cards.find((other) => other.clientId === card.clientId && other.fingerprint === card.fingerprint);
    if (held) throw new DuplicateCardError(held.id);
    this.cards.push(card);
  }
}

/**
 * Wallet reads over cards held in memory; `assertCards` is the real rule, on these cards. Other
 * contexts' specs use it: the queries are a concrete class, not a port.
 */
export class KnownCards extends WalletQueries {
  constructor(
    private readonly cards: readonly WalletCard[],
    private readonly funds: readonly HealthFund[] = [],
  ) {
    super(undefined as never, undefined as never, undefined as never);
  }

  override async get(organisationId: string, clientId: string, cardId: string): Promise<CardRead> {
    const card = this.cards.find((held) => held.id === cardId && held.organisationId === organisationId && held.clientId === clientId);
    if (!card) throw notFound('Wallet card', cardId);
    return this.readOf(card);
  }

  override async cardsByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, CardRead>> {
    const found = this.cards.filter((card) => card.organisationId === organisationId && ids.includes(card.id));
    return new Map(found.map((card) => [card.id, this.readOf(card)]));
  }

  private readOf(card: WalletCard): CardRead {
    const fundId = card.type === 'health_fund_card' ? (card.details as HealthFundCardDetails).healthFundId : null;
    return { card, healthFund: this.funds.find((fund) => fund.id === fundId) ?? null };
  }
}
