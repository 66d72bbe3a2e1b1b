// The ids the scenarios use, found with SQL before anything is started, and the bookings the
// write scenarios leave behind, removed again at the end.

/** pms_booking_id of every booking the harness creates; what `removeBenchBookings` deletes. */
export const BENCH_MARKER = 'harness-bench-';
/** Bench bookings go after this moment (and after anything already booked for the provider). */
const FIRST_SLOT = Date.parse('2031-01-01T00:00:00.000Z');
/**
 * J's bookings start here: J claims from a health fund, and a claim is made only for a service that
 * happened, so they lie in the past, before any bench data (its diaries start 18 months before the
 * seed's anchor) and clear of G's and H's even when J books the same provider.
 */
export const CHECKOUT_FIRST_SLOT = Date.parse('2001-01-01T00:00:00.000Z');
/** …and end before this moment, whenever the bench runs. */
const CHECKOUT_SLOTS_END = Date.parse('2011-01-01T00:00:00.000Z');
/** The bench's bookings: those it marked, from 2031 on or in J's past window (`benchBookingParams()`). */
const BENCH_BOOKING = `pms_booking_id like $1 and (service_date >= $2 or (service_date >= $3 and service_date < $4))`;
const benchBookingParams = () => [
  `${BENCH_MARKER}%`,
  new Date(FIRST_SLOT),
  new Date(CHECKOUT_FIRST_SLOT),
  new Date(CHECKOUT_SLOTS_END),
];
/** The name of K's business: what `removeBenchMoney` finds an interrupted run's by. */
const PAYOUT_BUSINESS_NAME = `${BENCH_MARKER}K`;
/** Settled payment transactions K's business waits to be paid out for (at least 10,000, so the payout run is measured at a size that matters). */
export const PAYOUT_TRANSACTIONS = 10_000;
/** Confirmed bookings wanted in scenario D's date range (page 400 of 20 starts at 7,980). */
const D_RANGE_BOOKINGS = 20_000;
const D_MIN_BOOKINGS = 10_000;

const one = async (pool, text, params) => (await pool.query(text, params)).rows[0];

export async function findFixtures(pool) {
  const scale = await one(
    pool,
    `select (select count(*)::int from organisations) as organisations, (select count(*)::int from bookings) as bookings`,
  );
  if (!scale.organisations)
    throw new Error('The database has no organisations: load it with `npm run seed -- --scale bench` first.');

  // Bench bookings (2031+, and J's of 2001–2010) are removed before this, so they do not decide which organisation is largest.
  const organisation = await one(
    pool,
    'select organisation_id as id, count(*)::int as bookings from bookings group by 1 order by 2 desc, 1 limit 1',
  );
  if (!organisation)
    throw new Error('The database has no bookings: load it with `npm run seed -- --scale bench` first.');
  const organisationId = organisation.id;

  // E: the organisation's payout holding the most payment transactions, with at least 200 card payments.
  const payout =
    (await one(
      pool,
      `select p.id, p.business_id as "businessId", count(*)::int as transactions, count(*) filter (where t.source = 'payment')::int as payments
       from payouts p join payment_transactions t on t.payout_id = p.id
       where p.organisation_id = $1
       group by p.id, p.business_id having count(*) filter (where t.source = 'payment') >= 200
       order by count(*) desc, p.id limit 1`,
      [organisationId],
    )) ?? null;
  if (!payout)
    throw new Error(`No payout of ${organisationId} holds 200 or more payment transactions (scenario E needs one).`);

  // D: a date range deep enough for page 400 of 20 (skipping the newest 10,000 confirmed bookings).
  const dateAt = async (offset) =>
    (
      await one(
        pool,
        `select date_trunc('day', service_date) as day from bookings where organisation_id = $1 and cancelled_at is null
         order by service_date desc, id desc offset $2 limit 1`,
        [organisationId, offset],
      )
    )?.day;
  const newest = await dateAt(10_000);
  const oldest = await dateAt(10_000 + D_RANGE_BOOKINGS);
  if (!newest || !oldest)
    throw new Error(
      `${organisationId} has too few confirmed bookings for scenario D (page 400): seed the bench scale.`,
    );
  const range = { serviceDateMin: oldest.toISOString(), serviceDateMax: newest.toISOString() };
  const { matching } = await one(
    pool,
    `select count(*)::int as matching from bookings where organisation_id = $1 and cancelled_at is null and service_date >= $2 and service_date < $3`,
    [organisationId, range.serviceDateMin, range.serviceDateMax],
  );
  if (matching < D_MIN_BOOKINGS)
    throw new Error(`Scenario D's range holds only ${matching} confirmed bookings (want ${D_MIN_BOOKINGS}+).`);

  // G/H: a live provider-location link whose provider and location are offered an appointment type, and a client.
  const offer = await one(
    pool,
    `select t.id as "appointmentTypeId", t.duration_minutes as "durationMinutes", l.provider_id as "providerId", l.location_id as "locationId"
     from appointment_types t
     join provider_location_links l on l.organisation_id = t.organisation_id and not l.deleted
          and l.provider_id = any (t.provider_ids) and l.location_id = any (t.location_ids)
     join providers p on p.id = l.provider_id and not p.deleted and p.bookings_enabled
     where t.organisation_id = $1 and not t.deleted
     order by t.max_attendees, t.created_at, t.id, l.created_at, l.id limit 1`,
    [organisationId],
  );
  if (!offer)
    throw new Error(
      `${organisationId} has no appointment type offered by a linked provider (scenarios G and H need one).`,
    );
  const client = await one(
    pool,
    'select id from clients where organisation_id = $1 and not deleted order by created_at, id limit 1',
    [organisationId],
  );
  if (!client) throw new Error(`${organisationId} has no client (scenarios G and H need one).`);

  // I: the organisation's busiest location, and the service offered there by the most providers.
  const availability = await one(
    pool,
    `select b.location_id as "locationId", t.id as "appointmentTypeId", cardinality(t.provider_ids) as providers
     from (select location_id, count(*) from bookings where organisation_id = $1 group by 1 order by 2 desc, 1 limit 1) b
     join appointment_types t on t.organisation_id = $1 and not t.deleted and b.location_id = any (t.location_ids)
     order by cardinality(t.provider_ids) desc, t.max_attendees, t.id limit 1`,
    [organisationId],
  );
  if (!availability)
    throw new Error(`${organisationId} offers no appointment type at its busiest location (scenario I needs one).`);
  // The seven days from tomorrow (UTC): inside the advance window, and the bench data has bookings then.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const weekEnd = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

  return {
    scale,
    clientSearch: await clientSearchFixture(pool, organisationId),
    checkout: await checkoutFixture(pool, organisationId),
    availability: { ...availability, from: tomorrow, to: weekEnd },
    organisationId,
    organisationBookings: organisation.bookings,
    businessId: payout.businessId,
    payoutId: payout.id,
    payoutTransactions: payout.transactions,
    payoutPayments: payout.payments,
    bookingRange: { ...range, matchingConfirmed: matching },
    booking: { ...offer, clientId: client.id },
  };
}

/**
 * S: what the front desk types to find a patient in the organisation, from one of its live clients:
 * the start of a last name, a whole last name, a first name and the start of a last name, the start
 * of a first name, a whole email, and a mobile number as it is said (`0412 345 678`).
 */
async function clientSearchFixture(pool, organisationId) {
  const { clients } = await one(
    pool,
    'select count(*)::int as clients from clients where organisation_id = $1 and not deleted',
    [organisationId],
  );
  const client = await one(
    pool,
    `select first_name as "firstName", last_name as "lastName", email, mobile_number as "mobileNumber" from clients
     where organisation_id = $1 and not deleted and email is not null and mobile_number like '+614%' order by created_at desc, id desc limit 1`,
    [organisationId],
  );
  if (!client)
    throw new Error(`${organisationId} has no live client with an email and a mobile number (scenario S needs one).`);
  const national = `0${client.mobileNumber.slice(3)}`;
  const { firstName, lastName } = client;
  return {
    clients,
    terms: [
      lastName.slice(0, 2),
      lastName,
      `${firstName} ${lastName.slice(0, 3)}`,
      firstName.slice(0, 3),
      client.email,
      `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`,
    ],
  };
}

/**
 * J: a client with a payment method and a health fund card (of no member number the test fund
 * rejects or times out on), and an appointment type offered by a provider with a provider number at
 * a location with a claiming terminal (the card swiped there is the patient's agreement), in the
 * largest organisation that has such a client.
 */
async function checkoutFixture(pool, largestOrganisationId) {
  const client = await one(
    pool,
    `with sizes as (select organisation_id, count(*) as bookings from bookings group by 1),
     cards as (
       select client_id, organisation_id,
         (array_agg(id order by created_at, id) filter (where type = 'payment_method'))[1] as "paymentMethodId",
         (array_agg(id order by created_at, id) filter (where type = 'health_fund_card' and last4 not in ('9999', '8888')))[1] as "healthFundCardId"
       from wallet_cards group by client_id, organisation_id)
     select c.client_id as "clientId", c.organisation_id as "organisationId", c."paymentMethodId", c."healthFundCardId"
     from cards c join clients cl on cl.id = c.client_id and not cl.deleted join sizes s on s.organisation_id = c.organisation_id
     where c."paymentMethodId" is not null and c."healthFundCardId" is not null
     order by c.organisation_id = $1 desc, s.bookings desc, cl.created_at, cl.id
     limit 1`,
    [largestOrganisationId],
  );
  if (!client)
    throw new Error(
      'No client has both a payment method and a health fund card (scenario J needs one): seed the bench scale.',
    );
  const offer = await one(
    pool,
    `select t.id as "appointmentTypeId", t.duration_minutes as "durationMinutes", l.provider_id as "providerId", l.location_id as "locationId",
            loc.terminal_ids[1] as "terminalId"
     from appointment_types t
     join provider_location_links l on l.organisation_id = t.organisation_id and not l.deleted
          and l.provider_id = any (t.provider_ids) and l.location_id = any (t.location_ids) and l.medicare->>'providerNumber' is not null
     join locations loc on loc.id = l.location_id and cardinality(loc.terminal_ids) > 0
     join providers p on p.id = l.provider_id and not p.deleted and p.bookings_enabled
     where t.organisation_id = $1 and not t.deleted and jsonb_array_length(t.billable_items) > 0
     order by t.max_attendees, t.created_at, t.id, l.created_at, l.id limit 1`,
    [client.organisationId],
  );
  if (!offer)
    throw new Error(
      `${client.organisationId} has no billable appointment type offered by a provider with a provider number (scenario J needs one).`,
    );
  return { ...client, ...offer };
}

/**
 * K: a business of its own (a copy of the organisation's first, named `harness-bench-K`) holding
 * PAYOUT_TRANSACTIONS settled card payments in no payout, written in one statement. Returns the
 * business and what its payout must come to: Σ amount − Σ platform fee.
 */
export async function createPayoutFixture(pool, organisationId) {
  const business = await one(
    pool,
    `insert into businesses (id, organisation_id, name, tax_identifier, country_code, merchant_id, gst_registered, settings, capabilities, events, created_at, updated_at)
     select gen_random_uuid(), organisation_id, $2, tax_identifier, country_code, merchant_id, gst_registered, settings, capabilities, events, now(), now()
     from businesses where organisation_id = $1 order by created_at, id limit 1
     returning id`,
    [organisationId, PAYOUT_BUSINESS_NAME],
  );
  if (!business) throw new Error(`${organisationId} has no business to copy for scenario K.`);
  // Amounts from 50.00 to 249.99 and a 1.5 % fee, as check-out charges them; created over the last day.
  const expected = await one(
    pool,
    `with made as (
       insert into payment_transactions (id, organisation_id, business_id, transaction_id, payout_id, source, amount, platform_fee_amount,
                                         payment, claim_id, medicare_claim_id, adjustments, payment_links, events, created_at, updated_at)
       select gen_random_uuid(), $1, $2, null, null, 'payment', amount, round(amount * 0.015)::int,
              jsonb_build_object('id', 'pi_bench_' || n, 'currency', 'AUD', 'status', 'succeeded', 'paymentMethodId', null, 'clientSecret', null, 'amount', amount),
              null, null, '[]', '[]', '[]', now() - make_interval(secs => n * 8), now() - make_interval(secs => n * 8)
       from (select n, 5000 + (n * 7919) % 20000 as amount from generate_series(1, $3::int) n) rows
       returning amount, platform_fee_amount)
     select count(*)::int as transactions, (sum(amount) - sum(platform_fee_amount))::int as amount from made`,
    [organisationId, business.id, PAYOUT_TRANSACTIONS],
  );
  return { organisationId, businessId: business.id, ...expected };
}

/**
 * Removes the money the write scenarios made: J's transactions, claims, invoices and payment
 * transactions on bench bookings, and K's business with its payment transactions, payouts and
 * their events.
 */
export async function removeBenchMoney(pool) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(
      `select t.id from transactions t where t.booking_id in (select id from bookings where ${BENCH_BOOKING})`,
      benchBookingParams(),
    );
    const transactionIds = rows.map((row) => row.id);
    // Their invoices first: an invoice names its transaction.
    await client.query('delete from invoices where transaction_id = any($1)', [transactionIds]);
    const { rowCount: checkouts } = await client.query(
      `with parts as (delete from payment_transactions where transaction_id = any($1) returning claim_id),
            fund as (delete from claims where id in (select claim_id from parts where claim_id is not null)),
            medicare as (delete from medicare_claims where transaction_id = any($1)),
            invoices as (delete from invoices where transaction_id = any($1))
       delete from transactions where id = any($1)`,
      [transactionIds],
    );
    const { rows: businesses } = await client.query('select id from businesses where name = $1', [
      PAYOUT_BUSINESS_NAME,
    ]);
    const businessIds = businesses.map((row) => row.id);
    await client.query(
      `delete from events where type like 'payout.%' and data->>'id' in (select id::text from payouts where business_id = any($1))`,
      [businessIds],
    );
    await client.query('delete from payment_transactions where business_id = any($1)', [businessIds]);
    await client.query('delete from payouts where business_id = any($1)', [businessIds]);
    await client.query('delete from businesses where id = any($1)', [businessIds]);
    await client.query('commit');
    return { checkouts, payoutBusinesses: businessIds.length };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Fresh, non-overlapping slots for the provider: from `from` (2031 unless told) or after the
 * provider's last booking before the window `from` opens ends (J's past window ends in 2011; the one
 * from 2031 never does), whichever is later, on a step longer than the appointment.
 */
export async function slotPlan(pool, { providerId, durationMinutes }, from = FIRST_SLOT) {
  const windowEnd = from < CHECKOUT_SLOTS_END ? new Date(CHECKOUT_SLOTS_END) : null;
  const { last } = await one(
    pool,
    'select max(ends_at) as last from bookings where provider_id = $1 and ($2::timestamptz is null or service_date < $2)',
    [providerId, windowEnd],
  );
  const hour = 3_600_000;
  const start = Math.max(from, last ? Math.ceil(last.getTime() / hour) * hour + hour : 0);
  const stepMinutes = Math.ceil(durationMinutes / 15) * 15 + 15;
  return { start, stepMinutes };
}

/**
 * Deletes the bookings the harness created (marked, in 2031+ or J's past window), this run's or an
 * interrupted one's, with what hangs on them: the emails the service's notification jobs recorded,
 * J's invoices and money, and the service's jobs still to run about them (`JOBS_SCHEMA`, default `pgboss`).
 */
export async function removeBenchBookings(pool, jobsSchema = process.env.JOBS_SCHEMA || 'pgboss') {
  const marked = benchBookingParams();
  const benchBookings = `select id from bookings where ${BENCH_BOOKING}`;
  await pool.query(`delete from notifications where booking_id in (${benchBookings})`, marked);
  await pool.query(`delete from invoices where booking_id in (${benchBookings})`, marked);
  await removeBenchMoney(pool);
  // With their notifications: the service's job workers write a booking's emails as it runs.
  const { rowCount } = await pool.query(
    `delete from bookings where ${BENCH_BOOKING}
       and not exists (select 1 from transactions t where t.booking_id = bookings.id)`,
    marked,
  );
  // Left queued, a booking's emails and reminders would fail and retry in the next run's service,
  // which would spend its first scenarios on them: thousands after a full run.
  const [{ jobs }] = (await pool.query('select to_regclass($1) is not null as jobs', [`${jobsSchema}.job`])).rows;
  if (jobs) {
    await pool.query(
      `delete from ${jobsSchema}.job j where j.state in ('created', 'retry', 'active') and j.data ? 'bookingId'
         and not exists (select 1 from bookings b where b.id = (j.data->>'bookingId')::uuid)`,
    );
  }
  return rowCount;
}
