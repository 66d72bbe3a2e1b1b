import { api, describe, feeOf, hoursText, longDateTime, minutes, money, policyFee, policyText } from './format.js';
import { TimePicker } from './times.js';

const slug = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
const $ = (id) => document.getElementById(id);
const PATIENT_FIELDS = ['firstName', 'lastName', 'email', 'mobileNumber', 'dateOfBirth'];

const HOUR_MS = 3_600_000;

const state = { data: null, serviceId: null, slot: null, sent: null };
const picker = new TimePicker($('time-picker'), {
  slug,
  onChoose: chooseSlot,
  onError: status,
  emptyHint: 'Try the next week, or another practitioner or location.',
});

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
  $('provider').addEventListener('change', () => loadWeek(picker.weekStart));
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
  loadWeek(null);
}

/** The week of times from `weekStart` (today when `null`) for the service, location and practitioner chosen. */
function loadWeek(weekStart) {
  $('times-section').hidden = false;
  const request = { appointmentTypeId: state.serviceId, locationId: $('location').value, providerId: $('provider').value || undefined };
  return picker.show(request, weekStart);
}

const providerName = (id) => {
  const provider = state.data.providers.find((candidate) => candidate.id === id);
  return provider ? `${provider.firstName} ${provider.lastName}` : 'A practitioner';
};

function chooseSlot(slot) {
  const providerId = $('provider').value || slot.providerIds[0];
  state.slot = { ...slot, providerId };
  const service = selectedService();
  $('chosen').textContent = `${service.name} with ${providerName(providerId)}, ${longDateTime(slot.startsAt, picker.timeZone)}.`;
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
    : policyText({ fee, latestNoFeeAt, timeZone: picker.timeZone });
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
      picker.select(null);
      await picker.reload();
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
  picker.select(null);
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
  await picker.reload();
}

function bookAnother() {
  $('confirmation').hidden = true;
  $('times-heading').setAttribute('tabindex', '-1');
  $('times-heading').focus();
}

start();
