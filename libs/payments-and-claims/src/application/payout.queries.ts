import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlReader } from '@app/shared';
import { isUuid, notFound, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { PaymentTransaction } from '../domain/payment-transaction.js';
import { payoutNotFound } from '../domain/payments.errors.js';
import { Payout } from '../domain/payout.js';
import { type PaymentTransactionView, PaymentTransactionQueries } from './payment-transaction.queries.js';

const PAYOUTS = ReadModel.of(Payout, 'o');
const PAYMENT_TRANSACTIONS = ReadModel.of(PaymentTransaction, 'pt');

/** A business's payouts and what they are made of, for reconciliation against the bank. */
@Injectable()
export class PayoutQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
    private readonly paymentTransactions: PaymentTransactionQueries,
  ) {}

  /** Newest first; in sync mode (`updatedSince`) those changed since, `updatedAt, id` ascending. */
  async list(businessId: string, page: PageRequest): Promise<Page<Payout>> {
    await this.assertBusiness(businessId);
    const window = listWindow('o', page, 'o.created_at desc, o.id desc', 2);
    const where = `where o.business_id = $1${window.condition}`;
    const values = [businessId, ...window.params];
    const [items, total] = await Promise.all([
      this.sql.select(PAYOUTS, `${where} order by ${window.orderBy} limit $${values.length + 1} offset $${values.length + 2}`, [
        ...values,
        page.limit,
        offsetOf(page),
      ]),
      this.sql.count(PAYOUTS, where, values),
    ]);
    return pageOf(items, total, page);
  }

  async get(businessId: string, payoutId: string): Promise<Payout> {
    const payout = await this.sql.first(PAYOUTS, 'where o.id = $1 and o.business_id = $2', [payoutId, businessId]);
    if (!payout) throw payoutNotFound(payoutId);
    return payout;
  }

  /**
   * The payout's payment transactions in `createdAt, id` order, fully read: those whose amount it
   * paid out, and those paid out before of which it counted an adjustment (a later refund). A payout
   * of another business is a 404. The payout row holds its transaction count, so a page needs no
   * count, but in sync mode (`updatedSince`: those changed since, `updatedAt, id` ascending).
   */
  async transactions(businessId: string, payoutId: string, page: PageRequest): Promise<Page<PaymentTransactionView>> {
    const payout = await this.get(businessId, payoutId);
    const window = listWindow('pt', page, 'pt.created_at, pt.id', 2);
    const where = `where (pt.payout_id = $1 or (pt.adjustments <> '[]'::jsonb and pt.adjustments @> jsonb_build_array(jsonb_build_object('payoutId', $1::text))))${window.condition}`;
    const values = [payout.id, ...window.params];
    const [items, total] = await Promise.all([
      this.sql.select(PAYMENT_TRANSACTIONS, `${where} order by ${window.orderBy} limit $${values.length + 1} offset $${values.length + 2}`, [
        ...values,
        page.limit,
        offsetOf(page),
      ]),
      page.updatedSince ? this.sql.count(PAYMENT_TRANSACTIONS, where, values) : payout.transactionCount,
    ]);
    return pageOf(await this.paymentTransactions.read(payout.organisationId, items, { withEventMembers: true }), total, page);
  }

  private async assertBusiness(businessId: string): Promise<void> {
    if (!isUuid(businessId) || (await this.organisations.organisationIdOfBusiness(businessId)) === null) throw notFound('Business', businessId);
  }
}
