// The typed client against the demo data of `npm start` (clients/typescript/README.md):
//   API_KEY=sk_… npm run client:example
// Finds the demo clinic by listing organisations, lists its confirmed bookings of the coming week with their
// cancellation policy, then books the first free time of one of them, once however often it is retried.
import { createBusinessApiClient } from '../src/index.ts';

const api = createBusinessApiClient({ baseUrl: process.env.BASE_URL ?? 'http://localhost:3000', apiKey: process.env.API_KEY });

const { data: organisations, error: listError } = await api.GET('/v1/organisations', { params: { query: { limit: 50 } } });
if (!organisations) throw new Error(`Listing organisations failed: ${listError?.code} ${listError?.detail}`);
const organisation = organisations.items.find((item) => item.slug === 'move-well-physio-1') ?? organisations.items[0];
if (!organisation) throw new Error('No organisation: start the service with its demo data (`npm start` on an empty DATA_DIR).');
const path = { organisationId: organisation.id };

// The list is newest service date first: the coming week's bookings, its last five first.
const now = new Date();
const weekAhead = new Date(now.getTime() + 7 * 24 * 3_600_000);
const { data: page, error } = await api.GET('/v1/organisations/{organisationId}/bookings', {
  params: {
    path,
    query: {
      status: ['confirmed'],
      serviceDateMin: now.toISOString(),
      serviceDateMax: weekAhead.toISOString(),
      expand: ['cancellationPolicy'],
      limit: 5,
    },
  },
});
if (!page) throw new Error(`Listing bookings failed: ${error?.code} ${error?.detail}`);
console.log(`${organisation.name}: ${page.totalItems} confirmed bookings in the coming week`);
for (const booking of page.items) {
  console.log(
    `  ${booking.serviceDate}  ${booking.appointmentType.name} with ${booking.provider.firstName}; free to cancel until ${booking.cancellationPolicy?.fee.latestNoFeeAt ?? '–'}`,
  );
}

// The first time the same practitioner has free for the same service at the same place in the next week.
const [{ client, provider, location, appointmentType }] = page.items;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const { data: availability } = await api.GET('/v1/organisations/{organisationId}/availability', {
  params: { path, query: { appointmentTypeId: appointmentType.id, locationId: location.id, providerId: provider.id, from: day(1), to: day(7) } },
});
const slot = availability?.days.flatMap((each) => each.slots)[0];
if (!slot) throw new Error(`${provider.firstName} has no free time in the next week`);

const { data: booking, error: bookingError } = await api.POST('/v1/organisations/{organisationId}/bookings', {
  params: { path, header: { 'Idempotency-Key': crypto.randomUUID() } },
  body: { clientId: client.id, providerId: provider.id, locationId: location.id, appointmentTypeId: appointmentType.id, serviceDate: slot.startsAt },
});
// On failure `bookingError` is the typed problem: branch on its code ('slot_unavailable', 'validation_failed', …).
console.log(booking ? `Booked ${booking.id} at ${booking.serviceDate}` : `Not booked: ${bookingError?.code}`);
