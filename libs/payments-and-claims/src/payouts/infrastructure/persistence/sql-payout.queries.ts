import { Injectable } from '@nestjs/common';
import { limitAndOffset, listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { isUuid, notFound, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { PaymentTransaction, settledByOf } from '../../../ledger/domain/payment-transaction.js';
import { payoutNotFound } from '../../../ledger/domain/payments.errors.js';
import { Payout } from '../../../ledger/domain/payout.js';
import { Transaction } from '../../../ledger/domain/transaction.js';
import {
  type PaymentTransactionView,
  PaymentTransactionQueries,
} from '../../../ledger/application/payment-transaction.queries.js';
import { PayoutQueries, type ReconciliationRow } from '../../application/payout.queries.js';

export const PAYOUTS = ReadModel.of(Payout, 'o');
export const PAYMENT_TRANSACTIONS = ReadModel.of(PaymentTransaction, 'pt');
const TRANSACTIONS = ReadModel.of(Transaction, 't');

/** How many rows the reconciliation reads at a time. */
const RECONCILIATION_BATCH = 500;

const OF_PAYOUT = `(pt.payout_id = $1 or (pt.adjustments <> '[]'::jsonb and pt.adjustments @> jsonb_build_array(jsonb_build_object('payoutId', $1::text))))`;

/** A business's payouts read with `SqlReader`; the reconciliation by keyset, in batches. */
@Injectable()
export class SqlPayoutQueries extends PayoutQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
    private readonly paymentTransactions: PaymentTransactionQueries,
  ) {
    super();
  }

  /** Newest first; in sync mode (`updatedSince`) those changed since, `updatedAt, id` ascending. */
  async list(businessId: string, page: PageRequest): Promise<Page<Payout>> {
    await this.assertBusiness(businessId);
    const params = new SqlParams(businessId);
    const window = listWindow('o', page, 'o.created_at desc, o.id desc', params);
    return this.sql.page(PAYOUTS, `where o.business_id = $1${window.condition}`, window.orderBy, params, page);
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
    const params = new SqlParams(payout.id);
    const window = listWindow('pt', page, 'pt.created_at, pt.id', params);
    const where = `where ${OF_PAYOUT}${window.condition}`;
    const filter = params.values;
    const [items, total] = await Promise.all([
      this.sql.select(
        PAYMENT_TRANSACTIONS,
        `${where} order by ${window.orderBy} ${limitAndOffset(page, params)}`,
        params.values,
      ),
      page.updatedSince ? this.sql.count(PAYMENT_TRANSACTIONS, where, filter) : payout.transactionCount,
    ]);
    return pageOf(
      await this.paymentTransactions.read(payout.organisationId, items, { withEventMembers: true }),
      total,
      page,
    );
  }

  /**
   * Every payment transaction of the payout, in `createdAt, id` order, as reconciliation rows: read
   * in batches by keyset, so a payout of any size streams without holding it all. Their `net` adds
   * up to the payout's amount. Checks the payout first: a payout of another business is a 404.
   */
  async reconciliation(businessId: string, payoutId: string): Promise<AsyncIterable<ReconciliationRow[]>> {
    const payout = await this.get(businessId, payoutId);
    const sql = this.sql;
    return (async function* batches() {
      let after: PaymentTransaction | undefined;
      for (;;) {
        const rows = after
          ? await sql.select(
              PAYMENT_TRANSACTIONS,
              // The last row's own created_at, as stored (a JavaScript date would drop its microseconds).
              `where ${OF_PAYOUT} and (pt.created_at, pt.id) > ((select created_at from payment_transactions where id = $3), $3) order by pt.created_at, pt.id limit $2`,
              [payout.id, RECONCILIATION_BATCH, after.id],
            )
          : await sql.select(PAYMENT_TRANSACTIONS, `where ${OF_PAYOUT} order by pt.created_at, pt.id limit $2`, [
              payout.id,
              RECONCILIATION_BATCH,
            ]);
        if (rows.length === 0) return;
        const transactionIds = [...new Set(rows.flatMap((row) => row.transactionId ?? []))];
        const sales = new Map(
          (transactionIds.length ? await sql.select(TRANSACTIONS, 'where t.id = any($1)', [transactionIds]) : []).map(
            (sale) => [sale.id, sale],
          ),
        );
        yield rows.map((row) =>
          reconciliationRowOf(payout, row, row.transactionId ? sales.get(row.transactionId) : undefined),
        );
        if (rows.length < RECONCILIATION_BATCH) return;
        after = rows[rows.length - 1];
      }
    })();
  }

  private async assertBusiness(businessId: string): Promise<void> {
    if (!isUuid(businessId) || (await this.organisations.organisationIdOfBusiness(businessId)) === null)
      throw notFound('Business', businessId);
  }
}

function reconciliationRowOf(
  payout: Payout,
  row: PaymentTransaction,
  sale: Transaction | undefined,
): ReconciliationRow {
  const settledBy = settledByOf(row.source);
  // A claim is listed and paid by its payer; a payout made before card money only counted it too.
  const paid = settledBy === 'platform' || payout.countedClaims;
  const adjustments = paid
    ? row.adjustments
        .filter((adjustment) => adjustment.payoutId === payout.id)
        .reduce((sum, adjustment) => sum + adjustment.amount, 0)
    : 0;
  const paidOut = paid && row.payoutId === payout.id ? row.amount - row.platformFeeAmount : 0;
  return {
    id: row.id,
    createdAt: row.createdAt,
    source: row.source,
    settledBy,
    bookingId: sale?.bookingId ?? null,
    clientName: sale?.clientName ?? null,
    amount: row.amount,
    platformFeeAmount: row.platformFeeAmount,
    adjustments,
    net: paidOut + adjustments,
  };
}
