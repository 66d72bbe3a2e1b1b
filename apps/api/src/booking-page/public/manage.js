import { api, dayAndTime, describe, hoursText, longDateTime, minutes, money, policyFee, policyText } from './format.js';
import { TimePicker } from './times.js';

const token = decodeURIComponent(location.pathname.split('/').filter(Boolean)[2] ?? '');
const $ = (id) => document.getElementById(id);
const path = `/v1/public-bookings/${encodeURIComponent(token)}`;
const HOUR_MS = 3_600_000;

/** `booking` as last shown; `picker` the week of times to move it to, made on first use; `move` the time picked. */
const state = { booking: null, picker: null, move: null };

/** The page's message under its heading; a `success` one is shown as such. */
function status(message, tone) {
  $('page-status').textContent = message;
  $('page-status').classList.toggle('success', tone === 'success');
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

/**
 * Whether the patient may move the booking online now, with the reason in plain words when not;
 * `null` for a booking that is cancelled or has begun, where nothing needs saying. The server
 * decides again when the booking is moved.
 */
function changeRule(booking) {
  const policy = booking.cancellationPolicy;
  if (booking.status !== 'confirmed' || new Date(booking.startsAt) <= new Date()) return null;
  if (!policy.rules.clientReschedule.enabled)
    return { allowed: false, reason: `${booking.organisation.name} does not take changes online: call the clinic to change your time.` };
  if (policy.enabled && policy.fee.billable)
    return {
      allowed: false,
      reason: `Changes online close ${hoursText(policy.fee.freeCancellationHours)} before the appointment: call the clinic to change your time.`,
    };
  return { allowed: true };
}

function show(booking) {
  state.booking = booking;
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
  const change = changeRule(booking);
  $('change-area').hidden = !change?.allowed;
  $('change-closed').hidden = !change || change.allowed;
  $('change-closed').textContent = change?.reason ?? '';
  // Shown afresh, the booking is shown without the step of moving it.
  $('change-section').hidden = true;
  $('change').hidden = false;
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
  $('change').addEventListener('click', openChange);
  $('keep-time').addEventListener('click', keepTime);
  $('choose-again').addEventListener('click', chooseAgain);
  $('confirm-change').addEventListener('click', move);
  // Escape steps back: from the question to the times, from the times to the booking as it is.
  $('change-section').addEventListener('keydown', (event) => event.key === 'Escape' && ($('change-confirm').hidden ? keepTime() : chooseAgain()));
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

/**
 * The step of moving the booking: the booking is read again first (the time to change it online
 * may have run out since the page was opened), then its week of times is shown.
 */
async function openChange() {
  $('change').disabled = true;
  status('');
  try {
    show(await api(path));
  } catch (error) {
    return status(error.message);
  } finally {
    $('change').disabled = false;
  }
  const booking = state.booking;
  if (!changeRule(booking)?.allowed) return $('change-closed').focus();
  const zone = booking.location.timeZone;
  $('change-scope').textContent =
    `${booking.service.name} with ${booking.provider.firstName} ${booking.provider.lastName} at ${booking.location.name}. Your current time: ${dayAndTime(booking.startsAt, zone)}.`;
  problem('');
  $('change-confirm').hidden = true;
  $('change').hidden = true;
  $('cancel-area').hidden = true;
  $('change-section').hidden = false;
  $('change-heading').focus();
  state.picker ??= new TimePicker($('time-picker'), {
    slug: booking.organisation.slug,
    onChoose: chooseNewTime,
    onError: problem,
    emptyHint: 'Try the next week.',
  });
  state.picker.select(null);
  await state.picker.show({ appointmentTypeId: booking.service.id, locationId: booking.location.id, providerId: booking.provider.id });
}

/** A problem with moving the booking, shown in the step itself (an empty message hides it). */
function problem(message) {
  $('change-problem').textContent = message;
  $('change-problem').hidden = !message;
}

/** Asks before moving: the new time in words, and what cancelling it would cost. */
function chooseNewTime(slot) {
  const booking = state.booking;
  const zone = booking.location.timeZone;
  // A key a time: a lost answer retried replays the move, while another time is another request.
  state.move = { startsAt: slot.startsAt, key: crypto.randomUUID() };
  $('change-confirm-heading').textContent = `Move your booking to ${dayAndTime(slot.startsAt, zone)}?`;
  $('change-note').textContent = `This replaces your current time, ${dayAndTime(booking.startsAt, zone)}. ${moveNote(booking, slot.startsAt)}`;
  problem('');
  $('change-confirm').hidden = false;
  $('change-confirm-heading').focus();
}

/** What the new time's cancellation policy means for the patient. */
function moveNote(booking, startsAt) {
  const policy = booking.cancellationPolicy;
  const fee = policyFee(policy);
  if (!fee) return 'Cancelling stays free.';
  const latestNoFeeAt = new Date(Date.parse(startsAt) - policy.fee.freeCancellationHours * HOUR_MS);
  if (latestNoFeeAt <= new Date())
    return `The new time is less than ${hoursText(policy.fee.freeCancellationHours)} away: cancelling it would cost ${money(fee)}, and it could not be changed online again.`;
  return `You can cancel or change it at no cost until ${dayAndTime(latestNoFeeAt.toISOString(), booking.location.timeZone)}.`;
}

function chooseAgain() {
  $('change-confirm').hidden = true;
  state.picker.select(null);
  (document.querySelector('#days input:checked') ?? $('change-heading')).focus();
}

function keepTime() {
  show(state.booking);
  $('change').focus();
}

async function move() {
  $('confirm-change').disabled = true;
  status('Moving your booking…');
  try {
    const booking = await api(`${path}/reschedule`, {
      method: 'POST',
      headers: { 'Idempotency-Key': state.move.key },
      body: JSON.stringify({ startsAt: state.move.startsAt }),
    });
    show(booking);
    status(`Your booking is moved to ${dayAndTime(booking.startsAt, booking.location.timeZone)}.`, 'success');
    $('heading').focus();
  } catch (error) {
    const code = error.problem?.code;
    if (code === 'slot_unavailable') {
      status('');
      $('change-confirm').hidden = true;
      state.picker.select(null);
      problem('Sorry, that time was just taken. Please choose another time.');
      $('change-heading').focus();
      await state.picker.reload();
    } else if (['reschedule_not_allowed', 'booking_cancelled', 'booking_in_past'].includes(code)) {
      // The booking or the clinic's rules changed since the page was opened: it is shown as it is now.
      show(await api(path).catch(() => state.booking));
      status(error.message);
      $('heading').focus();
    } else {
      status('');
      problem(error.message);
    }
  } finally {
    $('confirm-change').disabled = false;
  }
}

start();
