import { notFound, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import type { HealthFund } from '../../domain/health-fund.js';
import {
  type HealthFundCardDetails,
  type PaymentMethodDetails,
  WalletCard,
  type WalletCardType,
} from '../../domain/wallet-card.js';
import { DuplicateCardError, WalletCardRepository } from '../../domain/wallet-card.repository.js';
import { type CardView, WalletCardQueries } from '../wallet-card.queries.js';

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

/** Wallet reads over cards held in memory; `assertCards` is the port's own rule, on these cards. */
export class KnownCards extends WalletCardQueries {
  constructor(
    private readonly cards: readonly WalletCard[],
    private readonly funds: readonly HealthFund[] = [],
  ) {
    super();
  }

  async list(organisationId: string, clientId: string, page: PageRequest): Promise<Page<CardView>> {
    const held = this.cards.filter((card) => card.organisationId === organisationId && card.clientId === clientId);
    return pageOf(
      held.map((card) => this.readOf(card)),
      held.length,
      page,
    );
  }

  async get(organisationId: string, clientId: string, cardId: string): Promise<CardView> {
    const card = this.cards.find(
      (held) => held.id === cardId && held.organisationId === organisationId && held.clientId === clientId,
    );
    if (!card) throw notFound('Wallet card', cardId);
    return this.readOf(card);
  }

  async cardsByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, CardView>> {
    const found = this.cards.filter((card) => card.organisationId === organisationId && ids.includes(card.id));
    return new Map(found.map((card) => [card.id, this.readOf(card)]));
  }

  async healthFundsByIds(ids: readonly string[]): Promise<Map<string, HealthFund>> {
    return new Map(this.funds.filter((fund) => ids.includes(fund.id)).map((fund) => [fund.id, fund]));
  }

  async processorCustomerOf(organisationId: string, clientId: string): Promise<string | null> {
    const held = this.cards.filter(
      (card) => card.organisationId === organisationId && card.clientId === clientId && card.type === 'payment_method',
    );
    return (held.at(-1)?.details as PaymentMethodDetails | undefined)?.customerId ?? null;
  }

  private readOf(card: WalletCard): CardView {
    const fundId = card.type === 'health_fund_card' ? (card.details as HealthFundCardDetails).healthFundId : null;
    return { card, healthFund: this.funds.find((fund) => fund.id === fundId) ?? null };
  }
}

/** A card with only what the wallet's card checks look at (other contexts' specs name cards by id). */
export function cardOf(
  id: string,
  owner: { organisationId: string; clientId: string },
  type: WalletCardType,
): WalletCard {
  const details: WalletCard['details'] =
    type === 'health_fund_card'
      ? {
          healthFundId: '0193a6f2-0001-7000-8000-000000000002',
          issueNumber: null,
          defaultReferenceNumber: null,
          issueDate: null,
          cardholders: [],
        }
      : { customerId: 'cus_1', processorPaymentMethodId: 'pm_card_visa' };
  return Object.assign(new WalletCard(), { id, ...owner, type, details });
}
