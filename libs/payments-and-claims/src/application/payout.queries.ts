import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { isUuid, notFound, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { OrganisationDirectory } from '@app/organisations';
import { PaymentTransaction } from '../domain/payment-transaction.js';
import { payoutNotFound } from '../domain/payments.errors.js';
import { Payout } from '../domain/payout.js';
import { type PaymentTransactionRead, PaymentTransactionReader } from './payment-transaction.reader.js';

/** A business's payouts and what they are made of, for reconciliation against the bank. */
@Injectable()
export class PayoutQueries {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationDirectory,
    private readonly reader: PaymentTransactionReader,
  ) {}

  /** Newest first. */
  async list(businessId: string, page: PageRequest): Promise<Page<Payout>> {
    await this.assertBusiness(businessId);
    const [items, total] = await this.em.findAndCount(
      Payout,
      { businessId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: offsetOf(page) },
    );
    return pageOf(items, total, page);
  }

  async get(businessId: string, payoutId: string): Promise<Payout> {
    const payout = await this.em.findOne(Payout, { id: payoutId, businessId });
    if (!payout) throw payoutNotFound(payoutId);
    return payout;
  }

  /**
   * The payout's payment transactions in `createdAt, id` order, fully read; a payout of another
   * business is a 404. The payout row holds its transaction count, so a page needs no count.
   */
  async transactions(businessId: string, payoutId: string, page: PageRequest): Promise<Page<PaymentTransactionRead>> {
    const [payout] = await this.sql.entities(Payout, 'where id = $1 and business_id = $2', [payoutId, businessId]);
    if (!payout) throw payoutNotFound(payoutId);
    const items = await this.sql.entities(PaymentTransaction, 'where payout_id = $1 order by created_at, id limit $2 offset $3', [
      payout.id,
      page.limit,
      offsetOf(page),
    ]);
    return pageOf(await this.reader.read(payout.organisationId, items, { withEventMembers: true }), payout.transactionCount, page);
  }

  private async assertBusiness(businessId: string): Promise<void> {
    if (!isUuid(businessId) || (await this.organisations.organisationIdOfBusiness(businessId)) === null) throw notFound('Business', businessId);
  }
}
