import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { insertRows, transactionConnection } from '@app/shared';
import { Claim } from '../../domain/claim.js';
import { Invoice, INVOICE_NUMBER } from '../../domain/invoice.js';
import { MedicareClaim, VOIDED_STATUS } from '../../domain/medicare-claim.js';
import { AWAITING_PAYMENT, PaymentTransaction, REQUIRES_ACTION } from '../../domain/payment-transaction.js';
import {
  type EarlierCheckOuts,
  type LinkToken,
  type NewCheckOut,
  PaymentsRepository,
} from '../../domain/payments.repository.js';
import { Payout, type PayoutTotals } from '../../domain/payout.js';
import { Transaction } from '../../domain/transaction.js';

// `refresh`: what was read before the lock may be stale; the locked read is what the change works on.
const LOCKED = { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } as const;

/**
 * A payment transaction a payout run takes: in no payout yet, or paid out with an adjustment made
 * since (each form has its partial index, so a run reads only what waits).
 */
const WAITS_FOR_PAYOUT = `(payout_id is null or (payout_id is not null and adjustments @> '[{"payoutId": null}]'::jsonb))`;

/** `nextUpdatedAt` in SQL: the row's `updated_at` moved on to `now` (a placeholder), or just past its last change. */
const changedAt = (alias: string, now: string) =>
  `greatest(${now}::timestamptz, ${alias}.updated_at + interval '1 millisecond')`;

/** Whether a payout (a placeholder) counted one of its adjustments; served by the adjustments' partial index. */
const adjustedIn = (payoutId: string) =>
  `(pt.adjustments <> '[]'::jsonb and pt.adjustments @> jsonb_build_array(jsonb_build_object('payoutId', ${payoutId}::text)))`;

/** Its adjustments, each one no payout counted yet now counted by `payoutId` (a placeholder). */
const adjustmentsCountedBy = (payoutId: string) => `case when pt.adjustments = '[]'::jsonb then pt.adjustments else
  (select jsonb_agg(case when a->>'payoutId' is null then a || jsonb_build_object('payoutId', ${payoutId}::text) else a end order by n)
   from jsonb_array_elements(pt.adjustments) with ordinality as e(a, n)) end`;

@Injectable()
export class MikroOrmPaymentsRepository extends PaymentsRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findTransaction(organisationId: string, id: string): Promise<Transaction | null> {
    return this.em.findOne(Transaction, { id, organisationId });
  }

  lockTransaction(organisationId: string, id: string): Promise<Transaction | null> {
    return this.em.findOne(Transaction, { id, organisationId }, LOCKED);
  }

  lockAwaitingOf(organisationId: string, bookingId: string): Promise<Transaction | null> {
    return this.em.findOne(Transaction, { organisationId, bookingId, status: 'awaiting_confirmation' }, LOCKED);
  }

  /** One flush is one database transaction: all of it lands, or none. */
  async save(...entities: (Transaction | PaymentTransaction | Claim | MedicareClaim | Payout)[]): Promise<void> {
    await this.em.persist(entities).flush();
  }

  async addCheckOut({ transaction, claims, medicareClaims, paymentTransactions, invoice }: NewCheckOut): Promise<void> {
    const connection = transactionConnection(this.em);
    if (!connection)
      throw new Error("A check-out is written inside its transaction (the counter's lock lasts until it ends).");
    // $1 to $3 number the invoice, when the check-out issues one.
    const values: unknown[] = invoice ? [transaction.businessId, INVOICE_NUMBER.prefix, INVOICE_NUMBER.digits] : [];
    // The number as `invoiceNumber` prints it, from the count the counter gives.
    const number = `(select $2::text || lpad(count::text, greatest($3::int, length(count::text)), '0') from counter)`;
    const writes = [
      // A check-out that awaited the patient's agreement is finished over its own row.
      `${insertRows(this.em, Transaction, [transaction], values)}
       on conflict (id) do update set status = excluded.status, amount = excluded.amount, items = excluded.items,
         payment_method_id = excluded.payment_method_id, confirmations = excluded.confirmations,
         pending_check_out = excluded.pending_check_out, updated_at = excluded.updated_at`,
      claims.length ? insertRows(this.em, Claim, claims, values) : null,
      medicareClaims.length ? insertRows(this.em, MedicareClaim, medicareClaims, values) : null,
      paymentTransactions.length ? insertRows(this.em, PaymentTransaction, paymentTransactions, values) : null,
    ].flatMap((write, index) => (write ? [`written_${index} as (${write})`] : []));
    if (!invoice) {
      await connection.executeSql(`with ${writes.join(',\n       ')} select 1`, values);
      return;
    }
    const {
      rows: [row],
    } = await connection.executeSql(
      `with counter as (
         insert into invoice_counters (business_id, next) values ($1, 2)
         on conflict (business_id) do update set next = invoice_counters.next + 1
         returning next - 1 as count),
       ${writes.join(',\n       ')},
       invoice as (${insertRows(this.em, Invoice, [invoice], values, { number })} returning number)
       select number from invoice`,
      values,
    );
    invoice.number = row.number as string;
  }

  async transactionChanged(organisationId: string, transactionId: string, now: Date): Promise<void> {
    await this.em.execute(
      `update transactions t set updated_at = ${changedAt('t', '?')} where t.organisation_id = ? and t.id = ?`,
      [now, organisationId, transactionId],
    );
  }

  changePaymentTransaction(
    organisationId: string,
    id: string,
    change: (paymentTransaction: PaymentTransaction) => void,
  ): Promise<PaymentTransaction | null> {
    return this.em.transactional(async (tx) => {
      const paymentTransaction = await tx.findOne(PaymentTransaction, { id, organisationId }, LOCKED);
      if (paymentTransaction) change(paymentTransaction);
      return paymentTransaction;
    });
  }

  findPaymentTransaction(organisationId: string, id: string): Promise<PaymentTransaction | null> {
    return this.em.findOne(PaymentTransaction, { id, organisationId }, { refresh: true });
  }

  lockPaymentTransaction(organisationId: string, id: string): Promise<PaymentTransaction | null> {
    return this.em.findOne(PaymentTransaction, { id, organisationId }, LOCKED);
  }

  async findByProcessorPaymentId(paymentId: string): Promise<PaymentTransaction | null> {
    // By the expression index of card payments' processor ids (payment_transactions_processor_payment_unique).
    const [row] = await this.em.execute<{ id: string; organisation_id: string }[]>(
      "select id, organisation_id from payment_transactions where source = 'payment' and payment->>'id' = ?",
      [paymentId],
    );
    return row ? this.findPaymentTransaction(row.organisation_id, row.id) : null;
  }

  async lockClaimOf(
    organisationId: string,
    transactionId: string,
    claimId: string,
  ): Promise<{ claim: Claim; paymentTransaction: PaymentTransaction } | null> {
    const paymentTransaction = await this.em.findOne(
      PaymentTransaction,
      { organisationId, transactionId, claimId },
      LOCKED,
    );
    const claim =
      paymentTransaction && (await this.em.findOne(Claim, { id: claimId, organisationId }, { refresh: true }));
    return claim ? { claim, paymentTransaction } : null;
  }

  async lockMedicareClaimOf(
    organisationId: string,
    transactionId: string,
    claimId: string,
  ): Promise<{ claim: MedicareClaim; paymentTransaction: PaymentTransaction | null } | null> {
    // The payment transaction before the claim, in the order a fund claim's void takes them.
    const paymentTransaction = await this.em.findOne(
      PaymentTransaction,
      { organisationId, transactionId, medicareClaimId: claimId },
      LOCKED,
    );
    const claim = await this.em.findOne(MedicareClaim, { id: claimId, organisationId, transactionId }, LOCKED);
    return claim ? { claim, paymentTransaction } : null;
  }

  async lockPayoutsOf(businessId: string): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`payout:${businessId}`]);
  }

  async assignWaitingToPayout(businessId: string, payoutId: string, now: Date): Promise<PayoutTotals> {
    // One statement, one snapshot: the rows it locks are the rows it marks and adds up. A refund
    // holding a row's lock goes first, and its adjustment is what is counted. A row paid out
    // already gives only its adjustments made since. A claim's row is listed and pays nothing
    // (`waitingNetOf`): its payer pays the business.
    const [totals] = await this.em.execute<{ count: number; amount: string }[]>(
      `with waiting as materialized (
         select id,
           case when source = 'payment' then
             (case when payout_id is null then amount - platform_fee_amount else 0 end)
               + coalesce((select sum((a->>'amount')::int) from jsonb_array_elements(adjustments) a where a->>'payoutId' is null), 0)
           else 0 end as net
         from payment_transactions
         where business_id = ? and ${WAITS_FOR_PAYOUT} and (source <> 'payment' or payment->>'status' = 'succeeded')
         for update),
       marked as (
         update payment_transactions pt set payout_id = coalesce(pt.payout_id, ?), adjustments = ${adjustmentsCountedBy('?')}, updated_at = ${changedAt('pt', '?')}
         from waiting where pt.id = waiting.id returning waiting.net)
       select count(*)::int as count, coalesce(sum(net), 0)::bigint as amount from marked`,
      [businessId, payoutId, payoutId, now],
    );
    return { transactionCount: totals.count, amount: Number(totals.amount) };
  }

  async businessesWithUnpaid(): Promise<string[]> {
    // Card money only: claims alone make no payout, they wait to be listed by the next one.
    const rows = await this.em.execute<{ business_id: string }[]>(
      `select distinct business_id from payment_transactions where ${WAITS_FOR_PAYOUT} and source = 'payment' and payment->>'status' = 'succeeded'`,
    );
    return rows.map((row) => row.business_id);
  }

  lockPayout(id: string): Promise<Payout | null> {
    return this.em.findOne(Payout, { id }, LOCKED);
  }

  lockPayoutByBankPayoutId(bankPayoutId: string): Promise<Payout | null> {
    return this.em.findOne(Payout, { bankPayoutId }, LOCKED);
  }

  async releaseTransactionsOf(payoutId: string, now: Date): Promise<void> {
    await this.em.execute(
      `update payment_transactions pt set
         payout_id = case when pt.payout_id = ? then null else pt.payout_id end,
         adjustments = case when pt.adjustments = '[]'::jsonb then pt.adjustments else
           (select jsonb_agg(case when a->>'payoutId' = ? then a || '{"payoutId": null}'::jsonb else a end order by n)
            from jsonb_array_elements(pt.adjustments) with ordinality as e(a, n)) end,
         updated_at = ${changedAt('pt', '?')}
       where pt.payout_id = ? or ${adjustedIn('?')}`,
      [payoutId, payoutId, now, payoutId, payoutId],
    );
  }

  async lockWaitingPaymentsOf(organisationId: string, bookingId: string): Promise<PaymentTransaction[]> {
    const waiting = await this.em.execute<{ id: string }[]>(
      // A fee's payment is a supply of its own: it waits for its cardholder whatever becomes of the booking.
      `select p.id from payment_transactions p join transactions t on t.id = p.transaction_id
       where t.organisation_id = ? and t.booking_id = ? and p.payment->>'status' in (?, ?)
         and not exists (select 1 from invoices i where i.organisation_id = t.organisation_id and i.booking_id = t.booking_id
                           and i.fee and t.id = any (i.transaction_ids))`,
      [organisationId, bookingId, AWAITING_PAYMENT, REQUIRES_ACTION],
    );
    if (waiting.length === 0) return [];
    return this.em.find(
      PaymentTransaction,
      { organisationId, id: { $in: waiting.map((row) => row.id) } },
      { ...LOCKED, orderBy: { id: 'asc' } },
    );
  }

  async lockCardPaymentsOf(organisationId: string, bookingId: string): Promise<PaymentTransaction[]> {
    const paid = await this.em.execute<{ id: string }[]>(
      `select p.id from payment_transactions p join transactions t on t.id = p.transaction_id
       where t.organisation_id = ? and t.booking_id = ? and p.source = 'payment' and p.payment->>'status' = 'succeeded'`,
      [organisationId, bookingId],
    );
    if (paid.length === 0) return [];
    return this.em.find(
      PaymentTransaction,
      { organisationId, id: { $in: paid.map((row) => row.id) } },
      { ...LOCKED, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
  }

  async addLinkToken(token: LinkToken): Promise<void> {
    await this.em.execute(
      'insert into payment_link_tokens (token_hash, link_id, organisation_id, payment_transaction_id, expires_at) values (?, ?, ?, ?, ?)',
      [token.tokenHash, token.linkId, token.organisationId, token.paymentTransactionId, token.expiresAt],
    );
  }

  async earlierCheckOutsOf(organisationId: string, bookingId: string, now: Date): Promise<EarlierCheckOuts> {
    // Most check-outs are a booking's first, answered by this short statement. (Inside a transaction
    // every statement is planned afresh, and the whole question costs PostgreSQL more to plan than to run.)
    const [earlier] = await this.em.execute<{ count: number }[]>(
      'select count(*)::int as count from transactions where organisation_id = ? and booking_id = ?',
      [organisationId, bookingId],
    );
    if (earlier.count === 0)
      return {
        any: false,
        openLinkUntil: null,
        healthFundClaimed: false,
        medicareClaimed: false,
        awaitingCardholder: false,
        awaitingConfirmation: null,
        held: 0,
      };
    // A link is open up to and at its expiry, as paying it is.
    const [row] = await this.em.execute<
      {
        open_link_until: Date | null;
        health_fund_claimed: boolean;
        medicare_claimed: boolean;
        awaiting_cardholder: boolean;
        awaiting_confirmation: string | null;
        held: number;
      }[]
    >(
      // A fee's transaction is a supply of its own, apart from the service's check-outs.
      `with earlier as (
         select t.id from transactions t where t.organisation_id = ? and t.booking_id = ?
           and not exists (select 1 from invoices i where i.booking_id = t.booking_id and i.fee and t.id = any (i.transaction_ids)))
       select
         (select max(l.expires_at) from payment_transactions p join payment_link_tokens l on l.payment_transaction_id = p.id
           where p.transaction_id in (select id from earlier) and p.payment->>'status' = ? and l.expires_at >= ?) as open_link_until,
         exists (select 1 from payment_transactions p join claims c on c.id = p.claim_id
           where p.transaction_id in (select id from earlier) and c.voided_at is null) as health_fund_claimed,
         exists (select 1 from medicare_claims m
           where m.transaction_id in (select id from earlier) and m.payment_status->>'code' <> ?) as medicare_claimed,
         exists (select 1 from payment_transactions p
           where p.transaction_id in (select id from earlier) and p.payment->>'status' = ?) as awaiting_cardholder,
         (select t.id from transactions t where t.id in (select id from earlier) and t.status = 'awaiting_confirmation') as awaiting_confirmation,
         (select coalesce(sum(p.amount + coalesce((select sum((a->>'amount')::int) from jsonb_array_elements(p.adjustments) a), 0)), 0)::int
           from payment_transactions p
           where p.transaction_id in (select id from earlier) and (p.source <> 'payment' or p.payment->>'status' = 'succeeded')) as held`,
      [organisationId, bookingId, AWAITING_PAYMENT, now, VOIDED_STATUS.code, REQUIRES_ACTION],
    );
    return {
      any: true,
      openLinkUntil: row.open_link_until === null ? null : new Date(row.open_link_until),
      healthFundClaimed: row.health_fund_claimed,
      medicareClaimed: row.medicare_claimed,
      awaitingCardholder: row.awaiting_cardholder,
      awaitingConfirmation: row.awaiting_confirmation,
      held: row.held,
    };
  }

  async findLinkToken(tokenHash: string): Promise<LinkToken | null> {
    const [row] = await this.em.execute<
      { link_id: string; organisation_id: string; payment_transaction_id: string; expires_at: Date }[]
    >(
      'select link_id, organisation_id, payment_transaction_id, expires_at from payment_link_tokens where token_hash = ?',
      [tokenHash],
    );
    return row
      ? {
          tokenHash,
          linkId: row.link_id,
          organisationId: row.organisation_id,
          paymentTransactionId: row.payment_transaction_id,
          expiresAt: new Date(row.expires_at),
        }
      : null;
  }

  payOut(
    organisationId: string,
    businessId: string,
    ids: readonly string[],
    assemble: (transactions: PaymentTransaction[]) => Payout,
  ): Promise<Payout> {
    return this.em.transactional(async (tx) => {
      // Rows are locked in id order, so two payouts over overlapping transactions queue rather than deadlock.
      const transactions = ids.length
        ? await tx.find(
            PaymentTransaction,
            { organisationId, businessId, id: { $in: [...ids] } },
            { ...LOCKED, orderBy: { id: 'asc' } },
          )
        : [];
      const payout = assemble(transactions);
      tx.persist(payout);
      return payout;
    });
  }
}
