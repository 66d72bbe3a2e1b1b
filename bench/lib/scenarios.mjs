// The scenarios, as autocannon `requests` cycles. The same definitions drive the in-process
// statement count (see statements.mjs), so both measure the same requests.
import { BENCH_MARKER, PAYOUT_TRANSACTIONS } from './fixtures.mjs';

export const ALL_EXPANSIONS = [
  'paymentMethod',
  'healthFundCard',
  'cancellationPolicy',
  'latestTransaction',
  'latestTransaction.transactionItems.billableItem',
  'location.business.capabilities',
  'providerLocationLink',
  'pmsAttendeeId',
  'location.registrations',
  'appointmentType.billableItems.serviceItem',
];

/** Hands out one fresh slot per call for the whole run (the in-process step and every scenario). */
export function slotSource({ start, stepMinutes }, runId) {
  let next = 0;
  return () => {
    const n = next++;
    return {
      serviceDate: new Date(start + n * stepMinutes * 60_000).toISOString(),
      pmsBookingId: `${BENCH_MARKER}${runId}-${n}`,
    };
  };
}

/**
 * The baselines that answer a scenario too, measured beside it in interleaved rounds: both for A and
 * B; the heavy paths (C, E, G) beside the hardware's ceiling alone.
 */
export const SCENARIO_BASELINES = {
  A: ['nest-express', 'node-http-pg'],
  B: ['nest-express', 'node-http-pg'],
  C: ['node-http-pg'],
  E: ['node-http-pg'],
  G: ['node-http-pg'],
};

/**
 * Every scenario: `requests` (one cycle, repeated by each connection), `connections` (null: the
 * run's CONNECTIONS), and `baselines`, the baselines that answer it too (measured in interleaved rounds).
 * `nextSlot` hands out G's and H's slots (ahead, so they can be cancelled); `nextCheckoutSlot` J's,
 * which must lie in the past (`CHECKOUT_FIRST_SLOT`): J claims from a fund, and a claim is made only
 * for a service that happened.
 */
export function defineScenarios(fixtures, nextSlot, nextCheckoutSlot) {
  const { organisationId, businessId, payoutId, bookingRange, booking, availability, checkout, clientSearch } =
    fixtures;
  const org = `/v1/organisations/${organisationId}`;
  const json = { 'content-type': 'application/json' };
  const get = (path) => ({ method: 'GET', path });

  const providers = get(`${org}/providers?limit=20`);
  const bookings = get(`${org}/bookings?limit=20`);
  const deepFiltered = get(
    `${org}/bookings?status=confirmed&serviceDateMin=${encodeURIComponent(bookingRange.serviceDateMin)}&serviceDateMax=${encodeURIComponent(bookingRange.serviceDateMax)}&page=400&limit=20`,
  );
  const bookingData = get(`${org}/booking-data`);
  const createBooking = (onResponse, { at = org, offer = booking, slots = nextSlot } = {}) => ({
    method: 'POST',
    path: `${at}/bookings`,
    headers: json,
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({
        clientId: offer.clientId,
        providerId: offer.providerId,
        locationId: offer.locationId,
        appointmentTypeId: offer.appointmentTypeId,
        ...slots(),
      }),
    }),
    ...(onResponse ? { onResponse } : {}),
  });
  const keepBookingId = (status, body, context) => {
    context.bookingId = status === 201 ? JSON.parse(body).id : undefined;
  };
  // A failed create leaves no id: the next request names a booking that does not exist, counted as an error.
  const createdBookingId = (context) => context.bookingId ?? '00000000-0000-4000-8000-000000000000';
  const checkoutOrg = `/v1/organisations/${checkout.organisationId}`;

  return [
    { id: 'A', title: 'providers?limit=20', requests: [providers], baselines: SCENARIO_BASELINES.A },
    { id: 'B', title: 'bookings?limit=20', requests: [bookings], baselines: SCENARIO_BASELINES.B },
    {
      id: 'C',
      title: 'bookings?limit=200, 10 expansions',
      connections: 8,
      requests: [get(`${org}/bookings?limit=200&expand=${ALL_EXPANSIONS.join(',')}`)],
      baselines: SCENARIO_BASELINES.C,
    },
    { id: 'D', title: 'bookings confirmed+dates, page 400', requests: [deepFiltered] },
    {
      id: 'E',
      title: 'payout transactions?limit=200',
      requests: [get(`/v1/businesses/${businessId}/payouts/${payoutId}/transactions?limit=200`)],
      baselines: SCENARIO_BASELINES.E,
    },
    { id: 'F', title: 'booking-data', requests: [bookingData] },
    {
      id: 'G',
      title: 'POST booking + POST cancel',
      expect: [201, 200],
      baselines: SCENARIO_BASELINES.G,
      requests: [
        createBooking(keepBookingId),
        {
          method: 'POST',
          path: `${org}/bookings/-/cancel`,
          setupRequest: (request, context) => ({
            ...request,
            path: `${org}/bookings/${createdBookingId(context)}/cancel`,
          }),
        },
      ],
    },
    {
      id: 'J',
      title: 'POST booking + POST check-out (fund claim + card)',
      expect: [201, 201],
      requests: [
        // A booking of a service that happened (a past slot): the fund pays only for those.
        createBooking(keepBookingId, { at: checkoutOrg, offer: checkout, slots: nextCheckoutSlot }),
        {
          method: 'POST',
          path: `${checkoutOrg}/bookings/-/transactions`,
          headers: json,
          setupRequest: (request, context) => ({
            ...request,
            path: `${checkoutOrg}/bookings/${createdBookingId(context)}/transactions`,
            body: JSON.stringify({
              healthFundClaim: { healthFundCardId: checkout.healthFundCardId, terminalId: checkout.terminalId },
              payment: { paymentMethodId: checkout.paymentMethodId },
            }),
          }),
        },
      ],
    },
    {
      id: 'K',
      title: `payout run over ${PAYOUT_TRANSACTIONS.toLocaleString('en-AU')} payment transactions`,
      // One request, timed end to end (not a load window): its business is made just before it (fixtures.payoutRun).
      once: true,
      expect: [201],
      requests: [
        {
          method: 'POST',
          path: '/v1/businesses/-/payouts',
          setupRequest: (request) => ({ ...request, path: `/v1/businesses/${fixtures.payoutRun.businessId}/payouts` }),
        },
      ],
      /** The payout must hold every waiting payment transaction and come to their amounts less fees. */
      check: (body) => {
        const { amount, transactionCount } = JSON.parse(body);
        const { amount: expected, transactions } = fixtures.payoutRun;
        return amount === expected && transactionCount === transactions
          ? null
          : `K: the payout came to ${amount} cents over ${transactionCount} transactions; expected ${expected} over ${transactions}`;
      },
    },
    {
      id: 'I',
      title: 'availability, all providers, busiest location, 7 days',
      requests: [
        get(
          `${org}/availability?appointmentTypeId=${availability.appointmentTypeId}&locationId=${availability.locationId}&from=${availability.from}&to=${availability.to}`,
        ),
      ],
    },
    // Results of runs from before S have no client search fixtures: S is left out when reading them.
    ...(clientSearch
      ? [
          {
            id: 'S',
            title: 'clients?q= (names, email, mobile number)',
            requests: clientSearch.terms.map((term) => get(`${org}/clients?q=${encodeURIComponent(term)}&limit=20`)),
          },
        ]
      : []),
    {
      id: 'H',
      title: '80% reads (A,B,D,F) + 20% POST booking',
      expect: [200, 200, 200, 200, 201],
      requests: [providers, bookings, deepFiltered, bookingData, createBooking()],
    },
  ];
}
