import {
  addDays,
  api,
  dayPart,
  describe,
  feeOf,
  hourIn,
  hoursText,
  longDateTime,
  longDay,
  minutes,
  money,
  policyFee,
  policyText,
  time,
  todayIn,
  zoneName,
} from './format.js';

const slug = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
const $ = (id) => document.getElementById(id);
const DAYS_SHOWN = 7;
const PATIENT_FIELDS = ['firstName', 'lastName', 'email', 'mobileNumber', 'dateOfBirth'];

const HOUR_MS = 3_600_000;
/** Times are grouped by the hour (in the location's zone) each part of the day ends at. */
const PARTS_OF_DAY = [
  ['Morning', 12],
  ['Afternoon', 17],
  ['Evening', 24],
];

/** `days` is the week shown; `day` the date whose times are shown. */
const state = { data: null, serviceId: null, weekStart: null, timeZone: null, days: [], day: null, slot: null, sent: null, loads: 0 };

function status(message) {
  $('page-status').textContent = message;
}

async function start() {
  try {
    state.data = await api(`/v1/organisations/${encodeURIComponent(slug)}/booking-data`);
  } catch (error) {
    status(error.status === 404 ? 'There is no clinic at this address.' : 'Booking is not available right now. Please try again later.');
    return;
  }
  const { data } = state;
  document.title = `Book with ${data.name}`;
  $('clinic-name').textContent = data.name;
  // A brand image that cannot be loaded is left out rather than shown broken.
  $('brand-image').addEventListener('error', () => ($('brand-image').hidden = true));
  if (data.brandImageUrl) {
    $('brand-image').src = data.brandImageUrl;
    $('brand-image').hidden = false;
  }
  if (!data.bookingsEnabled) return status(`${data.name} is not taking online bookings right now. Please contact the clinic.`);
  const services = data.services.filter((service) => service.providerIds.length && service.locationIds.length);
  if (services.length === 0) return status(`${data.name} has no services to book online yet.`);
  status('');
  $('services').replaceChildren(...services.map(serviceOption));
  $('choices').hidden = false;
  $('services').addEventListener('change', (event) => chooseService(event.target.value));
  $('location').addEventListener('change', () => chooseLocation());
  $('provider').addEventListener('change', () => loadWeek(state.weekStart));
  $('previous-week').addEventListener('click', () => loadWeek(addDays(state.weekStart, -DAYS_SHOWN)));
  $('next-week').addEventListener('click', () => loadWeek(addDays(state.weekStart, DAYS_SHOWN)));
  $('days').addEventListener('change', (event) => chooseDay(event.target.value));
  $('details').addEventListener('submit', submit);
  $('book-another').addEventListener('click', bookAnother);
}

function serviceOption(service) {
  const id = `service-${service.id}`;
  const wrapper = document.createElement('div');
  wrapper.className = 'option';
  const input = Object.assign(document.createElement('input'), { type: 'radio', name: 'service', id, value: service.id });
  const label = Object.assign(document.createElement('label'), { htmlFor: id });
  const name = Object.assign(document.createElement('span'), { className: 'option-name', textContent: service.name });
  const meta = Object.assign(document.createElement('span'), {
    className: 'option-meta',
    textContent: `${minutes(service.durationMinutes)} · ${money(service.price)}`,
  });
  label.append(name, meta);
  wrapper.append(input, label);
  return wrapper;
}

const selectedService = () => state.data.services.find((service) => service.id === state.serviceId);

function chooseService(serviceId) {
  state.serviceId = serviceId;
  const service = selectedService();
  const locations = state.data.locations.filter((place) => service.locationIds.includes(place.id));
  for (const menu of ['location', 'provider']) {
    $(menu).disabled = false;
    $(menu).removeAttribute('aria-describedby');
    $(`${menu}-hint`).hidden = true;
  }
  $('location').replaceChildren(
    ...locations.map(
      (place) => new Option(place.address?.suburb && place.address.suburb !== place.name ? `${place.name} (${place.address.suburb})` : place.name, place.id),
    ),
  );
  chooseLocation();
}

function chooseLocation() {
  const service = selectedService();
  const locationId = $('location').value;
  const providers = state.data.providers.filter((provider) => service.providerIds.includes(provider.id) && provider.locationIds.includes(locationId));
  $('provider').replaceChildren(
    new Option('Any practitioner', ''),
    ...providers.map((provider) => new Option(`${provider.firstName} ${provider.lastName}`, provider.id)),
  );
  state.weekStart = null;
  loadWeek(null);
}

const providerName = (id) => {
  const provider = state.data.providers.find((candidate) => candidate.id === id);
  return provider ? `${provider.firstName} ${provider.lastName}` : 'A practitioner';
};

/** Loads seven days from `weekStart`, or from today in the location's zone when it is not known yet. */
async function loadWeek(weekStart) {
  const service = selectedService();
  if (!service) return;
  const load = ++state.loads;
  $('times-section').hidden = false;
  $('week').setAttribute('aria-busy', 'true');
  // Before the zone is known, ask from yesterday (UTC): today in any zone is among the days answered.
  const from = weekStart ?? addDays(new Date().toISOString().slice(0, 10), -1);
  const to = addDays(from, weekStart ? DAYS_SHOWN - 1 : DAYS_SHOWN + 1);
  const query = new URLSearchParams({ appointmentTypeId: service.id, locationId: $('location').value, from, to });
  if ($('provider').value) query.set('providerId', $('provider').value);
  let availability;
  try {
    availability = await api(`/v1/organisations/${encodeURIComponent(slug)}/availability?${query}`);
  } catch {
    $('week').removeAttribute('aria-busy');
    return status('Times could not be loaded. Please try again.');
  }
  // A menu changed while this week was on its way: the later answer is the one to show.
  if (load !== state.loads) return;
  state.timeZone = availability.timeZone;
  const today = todayIn(availability.timeZone);
  state.weekStart = weekStart ?? today;
  state.days = availability.days.filter((day) => day.date >= state.weekStart).slice(0, DAYS_SHOWN);
  // The day shown stays while it has times (after a booking, or another practitioner); otherwise the first day with times.
  if (!state.days.some((day) => day.date === state.day && day.slots.length > 0)) state.day = state.days.find((day) => day.slots.length > 0)?.date ?? null;
  $('time-zone').textContent = `Times are in the clinic's time zone: ${zoneName(availability.timeZone)} (${availability.timeZone}).`;
  $('week-label').textContent = `${longDay(state.days[0].date)} to ${longDay(state.days.at(-1).date)}`;
  $('previous-week').disabled = state.weekStart <= today;
  $('days').replaceChildren(...state.days.map(dayOption));
  showDay();
  $('week').removeAttribute('aria-busy');
}

const countOf = (slots) => (slots.length === 0 ? 'no times' : `${slots.length} time${slots.length === 1 ? '' : 's'}`);

/**
 * One day of the strip: a radio, so arrow keys move along the week (skipping days without times)
 * and Tab leaves it. A day without times is disabled and says so.
 */
function dayOption(day) {
  const id = `day-${day.date}`;
  const wrapper = Object.assign(document.createElement('div'), { className: 'day-option' });
  const input = Object.assign(document.createElement('input'), {
    type: 'radio',
    name: 'day',
    id,
    value: day.date,
    checked: day.date === state.day,
    disabled: day.slots.length === 0,
  });
  const label = Object.assign(document.createElement('label'), { htmlFor: id, className: day.slots.length ? 'day' : 'day empty' });
  const shown = (className, textContent) => {
    const part = Object.assign(document.createElement('span'), { className, textContent });
    part.setAttribute('aria-hidden', 'true');
    return part;
  };
  // Read aloud as "Tuesday 2 December, no times"; seen as "Tue 2 Dec" above the count.
  label.append(
    Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: `${longDay(day.date)}, ` }),
    shown('day-name', dayPart(day.date, { weekday: 'short' })),
    shown('day-number', dayPart(day.date, { day: 'numeric' })),
    shown('day-month', dayPart(day.date, { month: 'short' })),
    Object.assign(document.createElement('span'), { className: 'day-count', textContent: countOf(day.slots) }),
  );
  wrapper.append(input, label);
  return wrapper;
}

function chooseDay(date) {
  state.day = date;
  showDay();
}

/** The chosen day's times, by part of the day; or, in a week without any, one line that says so. */
function showDay() {
  const day = state.days.find((candidate) => candidate.date === state.day);
  if (!day) {
    $('day-heading').textContent = 'No times this week';
    $('periods').replaceChildren(
      Object.assign(document.createElement('p'), { className: 'none', textContent: 'Try the next week, or another practitioner or location.' }),
    );
    return;
  }
  $('day-heading').textContent = `${longDay(day.date)}: ${countOf(day.slots)}`;
  const hourOf = (slot) => hourIn(slot.startsAt, state.timeZone);
  let from = 0;
  const parts = [];
  for (const [name, until] of PARTS_OF_DAY) {
    const slots = day.slots.filter((slot) => hourOf(slot) >= from && hourOf(slot) < until);
    from = until;
    if (slots.length > 0) parts.push(partOfDay(name, slots));
  }
  $('periods').replaceChildren(...parts);
}

function partOfDay(name, slots) {
  const part = Object.assign(document.createElement('div'), { className: 'period' });
  const list = Object.assign(document.createElement('ul'), { className: 'times' });
  for (const slot of slots) {
    const item = document.createElement('li');
    const button = Object.assign(document.createElement('button'), { type: 'button', className: 'time', textContent: time(slot.startsAt, state.timeZone) });
    button.dataset.startsAt = slot.startsAt;
    button.setAttribute('aria-label', longDateTime(slot.startsAt, state.timeZone));
    button.setAttribute('aria-pressed', String(state.slot?.startsAt === slot.startsAt));
    button.addEventListener('click', () => chooseSlot(slot));
    item.append(button);
    list.append(item);
  }
  part.append(Object.assign(document.createElement('h4'), { textContent: name }), list);
  return part;
}

function chooseSlot(slot) {
  const providerId = $('provider').value || slot.providerIds[0];
  state.slot = { ...slot, providerId };
  for (const button of document.querySelectorAll('.time')) button.setAttribute('aria-pressed', String(button.dataset.startsAt === slot.startsAt));
  const service = selectedService();
  $('chosen').textContent = `${service.name} with ${providerName(providerId)}, ${longDateTime(slot.startsAt, state.timeZone)}.`;
  showSlotPolicy(slot, service);
  $('confirmation').hidden = true;
  $('details-section').hidden = false;
  $('details-heading').focus();
}

/**
 * What cancelling this time would cost, from the clinic's booking settings, before it is booked: a
 * time already inside the fee window says so plainly, as a warning.
 */
function showSlotPolicy(slot, service) {
  const settings = state.data.bookingSettings;
  const fee = feeOf(settings, service.price);
  const latestNoFeeAt = new Date(Date.parse(slot.startsAt) - settings.cancellationNoFeeBeforeHours * HOUR_MS);
  const late = fee > 0 && latestNoFeeAt <= new Date();
  $('policy').textContent = late
    ? `This time is within ${hoursText(settings.cancellationNoFeeBeforeHours)}: cancelling it will cost ${money(fee)}.`
    : policyText({ fee, latestNoFeeAt, timeZone: state.timeZone });
  $('policy').classList.toggle('warning', late);
}

/** Checks in the page first, so a patient sees every missing field at once. */
function localErrors(patient) {
  const errors = {};
  if (!patient.firstName) errors.firstName = 'Enter your first name.';
  if (!patient.lastName) errors.lastName = 'Enter your last name.';
  if (!patient.email) errors.email = 'Enter your email address.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(patient.email)) errors.email = 'Enter an email address like name@example.com.';
  if (patient.dateOfBirth && patient.dateOfBirth >= new Date().toISOString().slice(0, 10)) errors.dateOfBirth = 'Enter a date in the past.';
  return errors;
}

function showErrors(errors) {
  const summary = $('error-summary');
  for (const field of PATIENT_FIELDS) {
    const input = $(field);
    const message = errors[field] ?? '';
    $(`${field}-error`).textContent = message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  const messages = Object.entries(errors);
  summary.hidden = messages.length === 0;
  if (messages.length) {
    const list = document.createElement('ul');
    for (const [field, message] of messages) {
      const item = document.createElement('li');
      item.append(Object.assign(document.createElement('a'), { href: `#${field}`, textContent: message }));
      list.append(item);
    }
    summary.replaceChildren(Object.assign(document.createElement('p'), { textContent: 'Please check your details:' }), list);
    $(messages[0][0]).focus();
  }
}

async function submit(event) {
  event.preventDefault();
  const form = new FormData($('details'));
  const patient = Object.fromEntries(PATIENT_FIELDS.map((field) => [field, String(form.get(field) ?? '').trim()]).filter(([, value]) => value !== ''));
  const errors = localErrors(patient);
  showErrors(errors);
  if (Object.keys(errors).length) return;
  $('book').disabled = true;
  status('Booking…');
  try {
    const body = JSON.stringify({
      appointmentTypeId: state.serviceId,
      locationId: $('location').value,
      providerId: state.slot.providerId,
      startsAt: state.slot.startsAt,
      patient,
    });
    const { booking, manageToken } = await api(`/v1/organisations/${encodeURIComponent(slug)}/public-bookings`, {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKeyFor(body) },
      body,
    });
    await showConfirmation(booking, manageToken);
  } catch (error) {
    if (error.problem?.code === 'slot_unavailable') {
      status('Sorry, that time was just taken. Please choose another time.');
      $('details-section').hidden = true;
      state.slot = null;
      await loadWeek(state.weekStart);
    } else if (error.problem?.code === 'validation_failed') {
      status('');
      showErrors(
        Object.fromEntries(
          (error.problem.errors ?? [])
            .map((e) => [e.field.replace(/^patient\./, ''), `Check this: ${e.message}.`])
            .filter(([field]) => PATIENT_FIELDS.includes(field)),
        ),
      );
    } else {
      status(error.message);
    }
  } finally {
    $('book').disabled = false;
  }
}

/**
 * One key per request body: sending the same booking again (a lost answer) replays the first, while
 * corrected details are a new request, which a reused key would have the server refuse (422).
 */
function idempotencyKeyFor(body) {
  if (state.sent?.body !== body) state.sent = { body, key: crypto.randomUUID() };
  return state.sent.key;
}

async function showConfirmation(booking, manageToken) {
  status('');
  $('details-section').hidden = true;
  $('details').reset();
  state.slot = null;
  state.sent = null;
  describe($('confirmation-details'), [
    ['Service', `${booking.service.name} (${minutes(booking.service.durationMinutes)}, ${money(booking.service.price)})`],
    ['When', longDateTime(booking.startsAt, booking.location.timeZone)],
    ['With', `${booking.provider.firstName} ${booking.provider.lastName}`],
    ['Where', [booking.location.name, booking.location.address.line1, booking.location.address.suburb].filter(Boolean).join(', ')],
  ]);
  const policy = booking.cancellationPolicy;
  $('confirmation-policy').textContent = policyText({ fee: policyFee(policy), latestNoFeeAt: policy.fee.latestNoFeeAt, timeZone: booking.location.timeZone });
  $('manage-link').href = `/book/manage/${manageToken}`;
  $('confirmation').hidden = false;
  $('confirmation-heading').focus();
  await loadWeek(state.weekStart);
}

function bookAnother() {
  $('confirmation').hidden = true;
  $('times-heading').setAttribute('tabindex', '-1');
  $('times-heading').focus();
}

start();
