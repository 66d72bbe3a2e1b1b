import pg from 'pg';
import { readCheckOutIds } from './demo-data.js';

/**
 * What a clinic's day leaves in its books that the generator does not write, made through the API
 * itself once the demo is loaded (so the documents are the service's own): a check-out that sold a
 * product with GST beside the service, then refunded it (a tax invoice and its adjustment note), and
 * a no-show charged the policy's fee (a fee invoice). Never the booking whose check-out the start-up
 * banner prints. Returns what went wrong, or nothing.
 */
export async function tellDemoStory(databaseUrl: string, baseUrl: string, key: string): Promise<string | undefined> {
  let ids: StoryIds | null;
  try {
    ids = await storyIds(databaseUrl);
  } catch (error) {
    return (error as Error).message;
  }
  if (!ids) return 'the demo has no booking to check out with a product and a card';
  const organisationId = ids.organisationId;
  const call = async (path: string, body: object, expected: number): Promise<Record<string, unknown>> => {
    const response = await fetch(`${baseUrl}/v1/organisations/${organisationId}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (response.status !== expected)
      throw new Error(`POST ${path} answered ${response.status} ${String(answer.code)}`);
    return answer;
  };
  try {
    const sale = await call(
      `/bookings/${ids.checkOut.bookingId}/transactions`,
      {
        items: [
          ...ids.checkOut.billableItemIds.map((billableItemId) => ({ billableItemId })),
          { description: 'Resistance band', chargeAmount: 2500, taxRate: 10 },
        ],
        payment: { paymentMethodId: ids.checkOut.paymentMethodId },
      },
      201,
    );
    const card = (sale.paymentTransactions as { id: string; source: string }[]).find((p) => p.source === 'payment');
    if (!card) return 'the demo check-out took no card payment';
    await call(`/payment-transactions/${card.id}/refunds`, { amount: 2500, reason: 'Resistance band returned' }, 201);
    if (ids.noShow)
      await call(`/bookings/${ids.noShow.bookingId}/attendance`, { attendance: 'no_show', chargeNoShowFee: true }, 200);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

interface StoryIds {
  organisationId: string;
  checkOut: { bookingId: string; billableItemIds: string[]; paymentMethodId: string };
  noShow: { bookingId: string } | null;
}

/**
 * In the demo organisation (the first): its oldest past booking never checked out, of a client
 * with a card, at a GST-registered business; and the newest such booking of that business (not a
 * no-show yet), of another client with a card, at a price a fee can be charged on: so the
 * business's first invoices are the story's, whenever the demo is loaded.
 */
async function storyIds(databaseUrl: string): Promise<StoryIds | null> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    const eligible = `from bookings b
       join organisations o on o.id = b.organisation_id
       join locations loc on loc.id = b.location_id join businesses bu on bu.id = loc.business_id
       join appointment_types at on at.id = b.appointment_type_id
       join lateral (select id from wallet_cards where client_id = b.client_id and type = 'payment_method' order by created_at, id limit 1) pm on true
       where o.id = (select id from organisations order by created_at, id limit 1)
         and not b.paid and b.cancelled_at is null and b.service_date < now() and b.attendance <> 'no_show'
         and jsonb_array_length(at.billable_items) > 0
         and not exists (select 1 from transactions t where t.booking_id = b.id)`;
    const { rows: checkOuts } = await client.query<{
      organisationId: string;
      bookingId: string;
      clientId: string;
      businessId: string;
      billableItemIds: string[];
      paymentMethodId: string;
    }>(
      `select b.organisation_id as "organisationId", b.id as "bookingId", b.client_id as "clientId", bu.id as "businessId",
              pm.id as "paymentMethodId",
              (select array_agg(i->>'id') from jsonb_array_elements(at.billable_items) i) as "billableItemIds"
       ${eligible} and bu.gst_registered order by b.service_date, b.id limit 1`,
    );
    const [checkOut] = checkOuts;
    if (!checkOut) return null;
    const printed = (await readCheckOutIds(databaseUrl, checkOut.organisationId))?.bookingId ?? null;
    const { rows: noShows } = await client.query<{ bookingId: string }>(
      `select b.id as "bookingId" ${eligible} and b.client_id <> $1 and at.price > 0 and b.id is distinct from $2
         and bu.id = $3
       order by b.service_date desc, b.id limit 1`,
      [checkOut.clientId, printed, checkOut.businessId],
    );
    return {
      organisationId: checkOut.organisationId,
      checkOut: {
        bookingId: checkOut.bookingId,
        billableItemIds: checkOut.billableItemIds,
        paymentMethodId: checkOut.paymentMethodId,
      },
      noShow: noShows[0] ?? null,
    };
  } finally {
    await client.end();
  }
}
