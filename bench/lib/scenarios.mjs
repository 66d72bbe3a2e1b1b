// The scenarios, as autocannon `requests` cycles. The same definitions drive the in-process
// statement count (see statements.mjs), so both measure the same requests.
import { BENCH_MARKER } from './fixtures.mjs';

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
    return { serviceDate: new Date(start + n * stepMinutes * 60_000).toISOString(), pmsBookingId: `${BENCH_MARKER}${runId}-${n}` };
  };
}

/**
 * Every scenario: `requests` (one cycle, repeated by each connection), `connections` (null: the
 * run's CONNECTIONS), and `baselines` when the baselines answer it too.
 */
export function defineScenarios(fixtures, nextSlot) {
  const { organisationId, businessId, payoutId, bookingRange, booking, availability } = fixtures;
  const org = `/v1/organisations/${organisationId}`;
  const json = { 'content-type': 'application/json' };
  const get = (path) => ({ method: 'GET', path });

  const providers = get(`${org}/providers?limit=20`);
  const bookings = get(`${org}/bookings?limit=20`);
  const deepFiltered = get(
    `${org}/bookings?status=confirmed&serviceDateMin=${encodeURIComponent(bookingRange.serviceDateMin)}&serviceDateMax=${encodeURIComponent(bookingRange.serviceDateMax)}&page=400&limit=20`,
  );
  const bookingData = get(`${org}/booking-data`);
  const createBooking = (onResponse) => ({
    method: 'POST',
    path: `${org}/bookings`,
    headers: json,
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({
        clientId: booking.clientId,
        providerId: booking.providerId,
        locationId: booking.locationId,
        appointmentTypeId: booking.appointmentTypeId,
        ...nextSlot(),
      }),
    }),
    ...(onResponse ? { onResponse } : {}),
  });

  return [
    { id: 'A', title: 'providers?limit=20', requests: [providers], baselines: true },
    { id: 'B', title: 'bookings?limit=20', requests: [bookings], baselines: true },
    {
      id: 'C',
      title: 'bookings?limit=200, 10 expansions',
      connections: 8,
      requests: [get(`${org}/bookings?limit=200&expand=${ALL_EXPANSIONS.join(',')}`)],
    },
    { id: 'D', title: 'bookings confirmed+dates, page 400', requests: [deepFiltered] },
    { id: 'E', title: 'payout transactions?limit=200', requests: [get(`/v1/businesses/${businessId}/payouts/${payoutId}/transactions?limit=200`)] },
    { id: 'F', title: 'booking-data', requests: [bookingData] },
    {
      id: 'G',
      title: 'POST booking + POST cancel',
      expect: [201, 200],
      requests: [
        createBooking((status, body, context) => {
          context.bookingId = status === 201 ? JSON.parse(body).id : undefined;
        }),
        {
          method: 'POST',
          path: `${org}/bookings/-/cancel`,
          // A failed create leaves no id: cancel a booking that does not exist, counted as an error.
          setupRequest: (request, context) => ({ ...request, path: `${org}/bookings/${context.bookingId ?? '00000000-0000-4000-8000-000000000000'}/cancel` }),
        },
      ],
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
    {
      id: 'H',
      title: '80% reads (A,B,D,F) + 20% POST booking',
      expect: [200, 200, 200, 200, 201],
      requests: [providers, bookings, deepFiltered, bookingData, createBooking()],
    },
  ];
}
