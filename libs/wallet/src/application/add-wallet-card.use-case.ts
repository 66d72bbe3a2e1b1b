import { Injectable } from '@nestjs/common';
import { operationKey } from '@app/shared';
import { Clock, DomainEvents, newUuid, referenceNotFound } from '@app/shared/domain';
import { clientDeleted, ClientQueries } from '@app/membership';
import { CardVault } from '../domain/card-vault.js';
import { type AttachPaymentMethod, PaymentProcessor } from '../domain/payment-processor.js';
import { type CardOwner, type NewHealthFundCard, type NewMedicareCard, WalletCard } from '../domain/wallet-card.js';
import { DuplicateCardError, WalletCardRepository } from '../domain/wallet-card.repository.js';
import { cardExists, clientNotFound } from '../domain/wallet.errors.js';
import { HealthFundQueries } from './health-fund.queries.js';
import { WalletCardQueries } from './wallet-card.queries.js';

export type AddWalletCardCommand =
  | { type: 'payment_method'; paymentMethod: AttachPaymentMethod }
  | { type: 'health_fund_card'; healthFundCard: NewHealthFundCard & { healthFundId: string } }
  | { type: 'medicare_card'; medicareCard: NewMedicareCard };

@Injectable()
export class AddWalletCard {
  constructor(
    private readonly cards: WalletCardRepository,
    private readonly clients: ClientQueries,
    private readonly healthFunds: HealthFundQueries,
    private readonly processor: PaymentProcessor,
    private readonly vault: CardVault,
    private readonly queries: WalletCardQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  async execute(organisationId: string, clientId: string, command: AddWalletCardCommand): Promise<WalletCard> {
    const client = await this.clients.findClient(organisationId, clientId);
    if (!client) throw clientNotFound(clientId);
    if (client.deleted) throw clientDeleted();
    const card = await this.cardFor({ organisationId, clientId }, command);
    try {
      await this.events.transaction(async () => {
        await this.cards.add(card);
        const read = await this.queries.get(organisationId, clientId, card.id);
        await this.events.record('wallet_card.created', organisationId, read);
      });
    } catch (error) {
      if (error instanceof DuplicateCardError) throw cardExists(error.existingCardId);
      throw error;
    }
    return card;
  }

  /**
   * The card attached to the client's customer at the processor: the one the request names, else
   * the one their earlier cards are attached to, else a new one (made once however often the request
   * is retried).
   */
  private async attach(owner: CardOwner, paymentMethod: AttachPaymentMethod) {
    const customerId =
      paymentMethod.customerId ??
      (await this.queries.processorCustomerOf(owner.organisationId, owner.clientId)) ??
      undefined;
    return this.processor.attachPaymentMethod({
      ...paymentMethod,
      customerId,
      owner,
      idempotencyKey: operationKey(`client_${owner.clientId}_${newUuid()}`, 'attach-card'),
    });
  }

  private async cardFor(owner: CardOwner, command: AddWalletCardCommand): Promise<WalletCard> {
    const now = this.clock.now();
    switch (command.type) {
      case 'payment_method':
        return WalletCard.paymentMethod(owner, await this.attach(owner, command.paymentMethod), this.vault, now);
      case 'health_fund_card': {
        const fund = await this.healthFunds.find(command.healthFundCard.healthFundId);
        if (!fund)
          throw referenceNotFound('healthFundCard.healthFundId', 'Health fund', command.healthFundCard.healthFundId);
        return WalletCard.healthFundCard(owner, fund, command.healthFundCard, this.vault, now);
      }
      case 'medicare_card':
        return WalletCard.medicareCard(owner, command.medicareCard, this.vault, now);
    }
  }
}
