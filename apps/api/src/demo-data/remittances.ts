import type pg from 'pg';

/**
 * The demo's remittances, from the rows the generator wrote for an organisation: each bulk bill
 * gets the provider number Medicare pays it under (its provider's at its location), and the
 * referred sessions of a GP practice (3 bulk bills) are each paid in a payment run the business day
 * after, up to `anchor`: the oldest reconciled (its claim's payment recorded), the next a
 * discrepancy ($5.00 short, waiting for the practice), the newest waiting to be reconciled. Plain
 * SQL over what was written, ids made from the claims', so it draws nothing from the generator's
 * random streams and the same seed and anchor give the same rows.
 */
export async function addDemoRemittances(client: pg.Client, organisationId: string, anchor: string): Promise<void> {
  await client.query(
    `update medicare_claims m set payee_provider_number = nullif(l.medicare->>'providerNumber', '')
       from transactions t join provider_location_links l on l.provider_id = t.service_provider_id and l.location_id = t.location_id
            and not l.deleted
      where m.organisation_id = $1 and m.transaction_id = t.id and m.type->>'code' = 'bulk_bill'`,
    [organisationId],
  );
  await client.query(
    `with sessions as (
       select m.id as claim_id, pt.id as payment_transaction_id, pt.business_id, m.payee_provider_number, m.total_rebate_amount as benefit,
              row_number() over (order by m.created_at, m.id) as n,
              -- The business day after it was lodged (Sydney), and never after the anchor.
              least((select d::date from generate_series((m.created_at at time zone 'Australia/Sydney')::date + 1,
                       (m.created_at at time zone 'Australia/Sydney')::date + 3, interval '1 day') d
                      where extract(isodow from d) < 6 order by d limit 1), $2::date) as payment_date
         from medicare_claims m join payment_transactions pt on pt.medicare_claim_id = m.id
        where m.organisation_id = $1 and m.referral_id is not null and m.type->>'code' = 'bulk_bill'
          and m.payment_status->>'code' <> 'voided' and m.payee_provider_number is not null),
     paid as (
       select s.*, md5('demo-remittance:' || s.claim_id)::uuid as remittance_id,
              case s.n when 2 then greatest(s.benefit - 500, 0) else s.benefit end as paid_amount,
              case s.n when 1 then 'reconciled' when 2 then 'discrepancy' else 'unreconciled' end as status,
              (s.payment_date + time '07:00') at time zone 'Australia/Sydney' as received_at,
              'MCOL-RUN-' || to_char(s.payment_date, 'YYYYMMDD') || '-' || upper(substr(md5('run:' || s.claim_id), 1, 8)) as reference,
              lpad((('x' || substr(md5('account:' || s.payee_provider_number), 1, 8))::bit(32)::bigint % 10000)::text, 4, '0') as last4
         from sessions s where s.n <= 3),
     remittances as (
       insert into remittances (id, organisation_id, business_id, payer_type, health_fund_id, payer_name, payee_provider_number,
              payment_date, payment_reference, bank_account_bsb, bank_account_number_last4, amount, expected_amount, claim_count,
              status, created_at, updated_at)
       select remittance_id, $1, business_id, 'medicare', null, 'Medicare', payee_provider_number, payment_date, reference,
              '062-000', last4, paid_amount, benefit, 1, status, received_at,
              case when status = 'reconciled' then received_at + interval '2 hours' else received_at end
         from paid),
     marked as (
       update payment_transactions pt set remittance_id = paid.remittance_id, remitted_amount = paid.paid_amount,
              updated_at = greatest(pt.updated_at, paid.received_at)
         from paid where pt.id = paid.payment_transaction_id)
     update medicare_claims m set payment_status = m.payment_status || jsonb_build_object('payment', jsonb_build_object(
              'paymentAmount', paid.paid_amount, 'bankAccountNumberLast4', paid.last4, 'bankAccountBsb', '062-000',
              'paymentReference', paid.reference,
              'paymentDate', to_char(paid.payment_date, 'YYYY-MM-DD') || 'T00:00:00.000Z'))
       from paid where m.id = paid.claim_id and paid.status = 'reconciled'`,
    [organisationId, anchor],
  );
}
