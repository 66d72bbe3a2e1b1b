import { Migration } from '@mikro-orm/migrations';

export class Migration20261126010000AdjustmentsOfTheirPayments extends Migration {
  override up(): void {
    // The indexes before the rows change: a deferred foreign key's pending check (of a row deleted
    // below) forbids creating an index later in the transaction.
    // What a payout run reads beside the rows in no payout: those paid out with an adjustment since.
    this.addSql(`create index payment_transactions_adjusted_since_payout_idx on payment_transactions (business_id)
      where payout_id is not null and adjustments @> '[{"payoutId": null}]'::jsonb`);
    // A payout's listing: the rows it paid out, and those of which it counted an adjustment.
    this
      .addSql(`create index payment_transactions_adjustments_idx on payment_transactions using gin (adjustments jsonb_path_ops)
      where adjustments <> '[]'::jsonb`);
    // Each adjustment names the payout that counted it (null while it waits); until now, the
    // payout of its row.
    this.addSql(`
      update payment_transactions set adjustments = (
        select jsonb_agg(case when a->'payoutId' is null then a || jsonb_build_object('payoutId', payout_id) else a end order by n)
        from jsonb_array_elements(adjustments) with ordinality as e(a, n))
      where adjustments <> '[]'::jsonb`);
    // A refund or void after a payout was a new row of amount 0 carrying the adjustment: its
    // adjustments move to the payment transaction they adjust, and the row goes. A payout that
    // counted several of one payment's now lists that payment once.
    this.addSql(`
      with carried as (
        select c.id, c.payout_id, c.created_at, c.adjustments, original.id as original_id
        from payment_transactions c
        join lateral (
          select o.id from payment_transactions o
          where o.transaction_id = c.transaction_id and o.source = c.source and o.id <> c.id and o.amount > 0
            and ((c.source = 'payment' and o.payment->>'id' = c.payment->>'id')
              or (c.source = 'health_fund_claim' and o.claim_id = c.claim_id)
              or (c.source = 'medicare_claim' and o.medicare_claim_id = c.medicare_claim_id))
          order by o.created_at, o.id limit 1) original on true
        where c.amount = 0 and c.platform_fee_amount = 0 and c.adjustments <> '[]'::jsonb),
      moved as (
        update payment_transactions o set adjustments = o.adjustments || m.adjustments
        from (select original_id, jsonb_agg(a order by c.created_at, c.id, n) as adjustments
              from carried c cross join lateral jsonb_array_elements(c.adjustments) with ordinality as e(a, n)
              group by original_id) m
        where o.id = m.original_id),
      removed as (delete from payment_transactions where id in (select id from carried))
      update payouts p set transaction_count = p.transaction_count - x.rows + x.payments
      from (select payout_id, count(*) as rows, count(distinct original_id) as payments from carried where payout_id is not null group by payout_id) x
      where p.id = x.payout_id and x.rows <> x.payments`);
  }
}
