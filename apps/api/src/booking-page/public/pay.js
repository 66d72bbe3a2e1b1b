import { api, describe, longDateTime, money } from './format.js';

// The payment link page, `/pay/{token}`: what the clinic asks to be paid and for what, a card form,
// and the result. It reads and pays the link through the public payment link routes only.

const token = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
const path = `/v1/payment-links/${encodeURIComponent(token)}`;
const $ = (id) => document.getElementById(id);

/** What each state of a link says, beside the bill; `open` is the only one with a form. */
const HEADINGS = {
  open: 'Pay for your appointment',
  paid: 'Paid',
  expired: 'This payment link has expired',
  cancelled: 'This appointment was cancelled',
  bookingPaid: 'Already paid',
};

const state = { link: null, cardForm: null, paying: false };

function messageOf(link, kind) {
  const clinic = link.organisationName;
  const amount = money(link.amount);
  const hello = link.clientFirstName ? `${link.clientFirstName}, ` : '';
  switch (kind) {
    case 'open':
      return `${hello}${clinic} asks you to pay ${amount}${link.booking ? ' for your appointment' : ''}.`;
    case 'paid':
      return `Thank you${link.clientFirstName ? `, ${link.clientFirstName}` : ''}. ${clinic} has your payment of ${amount}. There is nothing more to pay.`;
    case 'expired':
      return `This link could be paid until ${when(link.expiresAt, link)}. Nothing was charged. Contact ${clinic} for a new link.`;
    case 'cancelled':
      return `The appointment this link was for was cancelled, so there is nothing to pay on it. Contact ${clinic} with any questions.`;
    case 'bookingPaid':
      return `This appointment has already been paid, so there is nothing to pay on this link. Contact ${clinic} with any questions.`;
  }
}

/** Times are shown in the appointment's zone, so a patient away from home sees the clinic's. */
const when = (iso, link) => longDateTime(iso, link.booking?.location.timeZone);

function detailsOf(link, kind, card) {
  const booking = link.booking;
  return [
    [{ open: 'Amount to pay', paid: 'Amount paid' }[kind] ?? 'Amount', money(link.amount)],
    ...(kind === 'paid' && link.paidAt ? [['Paid on', when(link.paidAt, link)]] : []),
    ...(kind === 'paid' && card ? [['Card', card]] : []),
    ['To', link.organisationName],
    ...(booking
      ? [
          ['For', booking.service.name],
          ['Appointment', when(booking.startsAt, link)],
          ['With', `${booking.provider.firstName} ${booking.provider.lastName}`],
          ['Where', booking.location.name],
        ]
      : []),
  ];
}

function showClinic(link) {
  $('clinic-name').textContent = link.organisationName;
  const image = $('brand-image');
  if (link.organisationBrandImageUrl && !image.getAttribute('src')) {
    image.src = link.organisationBrandImageUrl;
    image.hidden = false;
  }
}

/** Shows the link as `kind` (its status, or `bookingPaid`); `card` names the card just paid with. */
function show(link, kind = link.status, card = null) {
  state.link = link;
  showClinic(link);
  document.title = `${HEADINGS[kind]}: ${link.organisationName}`;
  $('heading').textContent = HEADINGS[kind];
  $('message').textContent = messageOf(link, kind);
  describe($('bill-details'), detailsOf(link, kind, card));
  $('main').dataset.state = kind;
  $('bill').hidden = false;
  $('pay-form').hidden = kind !== 'open';
  if (kind === 'open') {
    $('pay').textContent = `Pay ${money(link.amount)}`;
    $('expires').textContent = `This link can be paid until ${when(link.expiresAt, link)}.`;
  }
}

function showProblem(heading, message) {
  document.title = heading;
  $('heading').textContent = heading;
  $('message').textContent = message;
  $('bill-details').replaceChildren();
  $('main').dataset.state = 'problem';
  $('bill').hidden = false;
  $('pay-form').hidden = true;
}

function showPayError(message) {
  const box = $('pay-error');
  box.replaceChildren(Object.assign(document.createElement('p'), { textContent: message }));
  box.hidden = message === '';
  if (message) box.focus();
}

async function mountCardForm() {
  try {
    const { mountCardForm: mount } = await import('./card-form.js');
    state.cardForm = mount($('card-form'));
  } catch {
    $('card-form').textContent = 'Card payments cannot be taken on this page at the moment. Please contact the clinic.';
    $('pay').disabled = true;
  }
}

async function start() {
  $('brand-image').addEventListener('error', () => ($('brand-image').hidden = true));
  $('pay-form').addEventListener('submit', pay);
  try {
    const link = await api(path);
    if (link.status === 'open') await mountCardForm();
    show(link);
    $('page-status').textContent = '';
  } catch (error) {
    $('page-status').textContent = '';
    if (error.status === 404) {
      showProblem('Payment link not found', 'This link does not match a payment. Check the link you were sent, or contact the clinic that sent it.');
    } else {
      showProblem('Payment', 'The payment could not be loaded. Please try again later.');
    }
  }
}

async function pay(event) {
  event.preventDefault();
  if (state.paying) return;
  showPayError('');
  state.paying = true;
  $('pay').disabled = true;
  try {
    const card = await state.cardForm?.chosen();
    if (!card) return;
    $('page-status').textContent = 'Paying…';
    const link = await api(`${path}/pay`, { method: 'POST', body: JSON.stringify(card.body) });
    $('page-status').textContent = '';
    show(link, link.status, card.label);
    $('heading').focus();
  } catch (error) {
    $('page-status').textContent = '';
    await showRefusal(error);
  } finally {
    state.paying = false;
    $('pay').disabled = state.cardForm === null;
  }
}

/** Why the payment was not taken, said plainly; only a declined card or a failure to reach us keeps the form. */
async function showRefusal(error) {
  const code = error.problem?.code;
  if (code === 'card_declined') {
    showPayError('Your card was declined, and no money was taken. Try another card, or ask your bank why.');
  } else if (code === 'booking_already_paid') {
    show(state.link, 'bookingPaid');
    $('heading').focus();
  } else if (code === 'payment_link_paid' || code === 'payment_link_expired' || code === 'booking_cancelled') {
    // Paid, expired or cancelled since the page was loaded: show the link as it is now.
    try {
      show(await api(path));
    } catch {
      show(state.link, code === 'payment_link_paid' ? 'paid' : code === 'payment_link_expired' ? 'expired' : 'cancelled');
    }
    $('heading').focus();
  } else if (error.status === 429) {
    showPayError('There have been too many tries from here. Wait a minute, then press Pay again.');
  } else if (error.status === undefined) {
    // No answer: the payment may or may not have been made. Paying again is safe, as a paid link is never charged twice.
    showPayError('The payment could not be sent. Check your internet connection, then press Pay again: you will not be charged twice.');
  } else {
    showPayError(`The payment was not taken. ${error.message}`);
  }
}

start();
