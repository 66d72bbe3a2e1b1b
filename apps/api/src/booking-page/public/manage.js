import { api, describe, hoursText, longDateTime, minutes, money, policyFee, policyText } from './format.js';

const token = decodeURIComponent(location.pathname.split('/').filter(Boolean)[2] ?? '');
const $ = (id) => document.getElementById(id);
const path = `/v1/public-bookings/${encodeURIComponent(token)}`;

function status(message) {
  $('page-status').textContent = message;
}

/** What cancelling the booking costs now, in cents: the policy's fee once its free time has passed, else nothing. */
const feeNow = (booking) => (booking.cancellationPolicy.fee.billable ? policyFee(booking.cancellationPolicy) : 0);

/**
 * What the cancellation cost, judged at the moment it was made (the policy in the answer is as of
 * now). Cancelling online takes no payment: the page says the fee applies, and that nothing was charged.
 */
function cancellationOutcome(booking) {
  const policy = booking.cancellationPolicy;
  const fee = policyFee(policy);
  const notice = hoursText(policy.fee.freeCancellationHours);
  if (!fee) return { fee, text: 'No cancellation fee: this clinic does not charge one.' };
  if (new Date(booking.cancelledAt) <= new Date(policy.fee.latestNoFeeAt))
    return { fee: 0, text: `No cancellation fee: you cancelled more than ${notice} before the appointment.` };
  return {
    fee,
    text: `You cancelled less than ${notice} before the appointment, so the clinic's cancellation fee of ${money(fee)} applies. Nothing was charged here; the clinic may ask you for it.`,
  };
}

function show(booking) {
  const zone = booking.location.timeZone;
  document.title = `Your booking with ${booking.organisation.name}`;
  $('clinic-name').textContent = booking.organisation.name;
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
  if (booking.status === 'cancelled') {
    const outcome = cancellationOutcome(booking);
    $('policy').textContent = outcome.text;
    $('policy').classList.toggle('warning', outcome.fee > 0);
  } else {
    $('policy').textContent = policyText({ fee: policyFee(policy), latestNoFeeAt: policy.fee.latestNoFeeAt, timeZone: zone });
  }
  const upcoming = booking.status === 'confirmed' && new Date(booking.startsAt) > new Date();
  $('cancel-area').hidden = !upcoming || !policy.rules.clientCancel.enabled;
  $('cancel').textContent = feeNow(booking) ? `Cancel this booking (a fee of ${money(feeNow(booking))} applies)` : 'Cancel this booking';
  $('book-again').href = `/book/${encodeURIComponent(booking.organisation.slug)}`;
  $('booking').hidden = false;
}

async function start() {
  // A brand image that cannot be loaded is left out rather than shown broken.
  $('brand-image').addEventListener('error', () => ($('brand-image').hidden = true));
  $('cancel').addEventListener('click', askToCancel);
  $('keep').addEventListener('click', keep);
  $('confirm-cancel').addEventListener('click', cancel);
  $('cancel-confirm').addEventListener('keydown', (event) => event.key === 'Escape' && keep());
  try {
    show(await api(path));
    status('');
  } catch (error) {
    status(
      error.status === 404 ? 'This link does not match a booking. Check the link you were sent.' : 'Your booking could not be loaded. Please try again later.',
    );
  }
}

/** The confirmation step: the fee it costs is read again now, as the free time may have run out since the page was opened. */
async function askToCancel() {
  $('cancel').disabled = true;
  let booking;
  try {
    booking = await api(path);
  } catch (error) {
    status(error.message);
    return;
  } finally {
    $('cancel').disabled = false;
  }
  show(booking);
  if ($('cancel-area').hidden) return;
  const fee = feeNow(booking);
  const policy = booking.cancellationPolicy;
  $('cancel-cost').textContent = fee
    ? `The appointment is less than ${hoursText(policy.fee.freeCancellationHours)} away, so cancelling it now costs a cancellation fee of ${money(fee)}.`
    : policyFee(policy)
      ? `Cancelling now is free. From ${longDateTime(policy.fee.latestNoFeeAt, booking.location.timeZone)} it would cost ${money(policyFee(policy))}.`
      : 'Cancelling is free.';
  $('confirm-cancel').textContent = fee ? `Yes, cancel with the ${money(fee)} fee` : 'Yes, cancel it';
  // The step says what the policy line says, for this moment: the line gives way to it.
  $('policy').hidden = true;
  $('cancel').hidden = true;
  $('cancel-confirm').hidden = false;
  $('cancel-confirm-heading').focus();
}

function keep() {
  $('cancel-confirm').hidden = true;
  $('policy').hidden = false;
  $('cancel').hidden = false;
  $('cancel').focus();
}

async function cancel() {
  $('confirm-cancel').disabled = true;
  status('Cancelling…');
  try {
    show(await api(`${path}/cancel`, { method: 'POST' }));
    $('policy').hidden = false;
    status('Your booking is cancelled.');
    $('heading').focus();
  } catch (error) {
    status(error.message);
  } finally {
    $('confirm-cancel').disabled = false;
  }
}

start();
