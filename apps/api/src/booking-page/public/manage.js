import { api, describe, longDateTime, minutes, money, policyText } from './format.js';

const token = decodeURIComponent(location.pathname.split('/').filter(Boolean)[2] ?? '');
const $ = (id) => document.getElementById(id);
const path = `/v1/public-bookings/${encodeURIComponent(token)}`;

function show(booking) {
  const zone = booking.location.timeZone;
  document.title = `Your booking with ${booking.organisation.name}`;
  $('clinic-name').textContent = booking.organisation.name;
  // A brand image that cannot be loaded is left out rather than shown broken.
  $('brand-image').addEventListener('error', () => ($('brand-image').hidden = true));
  if (booking.organisation.brandImageUrl) {
    $('brand-image').src = booking.organisation.brandImageUrl;
    $('brand-image').hidden = false;
  }
  $('booking-state').textContent = booking.status === 'confirmed' ? 'Confirmed' : 'Cancelled';
  $('booking-state').className = `badge ${booking.status}`;
  describe($('booking-details'), [
    ['Service', `${booking.service.name} (${minutes(booking.service.durationMinutes)}, ${money(booking.service.price)})`],
    ['When', longDateTime(booking.startsAt, zone)],
    ['With', `${booking.provider.firstName} ${booking.provider.lastName}`],
    ['Where', [booking.location.name, booking.location.address.line1, booking.location.address.suburb].filter(Boolean).join(', ')],
    ...(booking.cancelledAt ? [['Cancelled', longDateTime(booking.cancelledAt, zone)]] : []),
  ]);
  const policy = booking.cancellationPolicy;
  $('policy').textContent = policyText({
    enabled: policy.enabled,
    feeAmount: policy.fee.amount,
    feePercent: policy.fee.percent,
    latestNoFeeAt: policy.fee.latestNoFeeAt,
    timeZone: zone,
  });
  const upcoming = booking.status === 'confirmed' && new Date(booking.startsAt) > new Date();
  $('cancel-area').hidden = !upcoming;
  if (upcoming && policy.enabled && policy.fee.billable) $('cancel').textContent = `Cancel this booking (a fee of ${money(policy.fee.amount)} applies)`;
  $('book-again').href = `/book/${encodeURIComponent(booking.organisation.slug)}`;
  $('booking').hidden = false;
}

async function start() {
  try {
    show(await api(path));
    $('page-status').textContent = '';
  } catch (error) {
    $('page-status').textContent =
      error.status === 404 ? 'This link does not match a booking. Check the link you were sent.' : 'Your booking could not be loaded. Please try again later.';
  }
  $('cancel').addEventListener('click', cancel);
}

async function cancel() {
  $('cancel').disabled = true;
  $('page-status').textContent = 'Cancelling…';
  try {
    show(await api(`${path}/cancel`, { method: 'POST' }));
    $('page-status').textContent = 'Your booking is cancelled.';
    $('heading').focus();
  } catch (error) {
    $('page-status').textContent = error.message;
  } finally {
    $('cancel').disabled = false;
  }
}

start();
