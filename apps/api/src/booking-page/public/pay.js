import { api, describe, longDateTime, money } from './format.js';

// The payment link page, `/pay/{token}`: what the clinic asks to be paid and for what, a card form,
// and the result. It reads and pays the link through the public payment link routes only.

const token = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
const path = `/v1/payment-links/${encodeURIComponent(token)}`;
const $ = (id) => document.getElementById(id);

/**
 * What each state of a link says, beside the bill; `open` has the card form, `confirm` (its payment
 * waits for the payer's bank) only the button that continues with the bank.
 */
const HEADINGS = {
  open: 'Pay for your appointment',
  confirm: 'Confirm your payment with your bank',
  processing: 'Confirming your payment',
  paid: 'Paid',
  expired: 'This payment link has expired',
  cancelled: 'This appointment was cancelled',
  bookingPaid: 'Already paid',
};

const state = { link: null, cardForm: null, paying: false, watching: false, card: null };

/** A payment was made with the link and waits for the payer's bank (3-D Secure): the link is paid once the processor says so. */
const awaitsBank = (link) => link.status === 'open' && link.payment?.status === 'requires_action';

function messageOf(link, kind) {
  const clinic = link.organisationName;
  const amount = money(link.amount);
  const hello = link.clientFirstName ? `${link.clientFirstName}, ` : '';
  switch (kind) {
    case 'open':
      return `${hello}${clinic} asks you to pay ${amount}${link.booking ? ' for your appointment' : ''}.`;
    case 'confirm':
      return `${hello}your payment of ${amount} to ${clinic} is waiting for your bank to confirm it is you. Continue with your bank to finish it: you will not be charged twice.`;
    case 'processing':
      return `Your payment of ${amount} to ${clinic} is being confirmed with your bank. This page shows the result as soon as it comes: please do not pay again.`;
    case 'paid':
      return `Thank you${link.clientFirstName ? `, ${link.clientFirstName}` : ''}. ${clinic} has your payment of ${amount}. There is nothing more to pay.`;
    case 'expired':
      return `This link could be paid until ${when(link.expiresAt, link)}. Nothing was charged. Contact ${clinic} for a new link.`;
    case 'cancelled':
      return `This link was cancelled, so there is nothing to pay on it. Contact ${clinic} with any questions.`;
    case 'bookingPaid':
      return `This appointment has already been paid, so there is nothing to pay on this link. Contact ${clinic} with any questions.`;
  }
}

/** Times are shown in the appointment's zone, so a patient away from home sees the clinic's. */
const when = (iso, link) => longDateTime(iso, link.booking?.location.timeZone);

function detailsOf(link, kind, card) {
  const booking = link.booking;
  return [
    [{ open: 'Amount to pay', confirm: 'Amount to pay', processing: 'Amount to pay', paid: 'Amount paid' }[kind] ?? 'Amount', money(link.amount)],
    ...(kind === 'paid' && link.paidAt ? [['Paid on', when(link.paidAt, link)]] : []),
    ...((kind === 'paid' || kind === 'processing') && card ? [['Card', card]] : []),
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
  $('pay-form').hidden = kind !== 'open' && kind !== 'confirm';
  $('card-form').hidden = kind === 'confirm';
  if (kind === 'open') {
    $('pay').textContent = `Pay ${money(link.amount)}`;
    $('expires').textContent = `This link can be paid until ${when(link.expiresAt, link)}.`;
  }
  if (kind === 'confirm') {
    $('pay').textContent = 'Continue with my bank';
    $('expires').textContent = '';
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

async function mountCardForm(link) {
  try {
    const { mountCardForm: mount } = await import('./card-form.js');
    state.cardForm = await mount($('card-form'), link);
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
    if (link.status === 'open') await mountCardForm(link);
    $('page-status').textContent = '';
    if (!awaitsBank(link)) return show(link);
    // Left while the bank asked (the page closed, or reloaded): continue with the bank, or see it through.
    showWaiting(link);
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
    if (awaitsBank(state.link)) return await confirmWithBank(state.link, state.card);
    const card = await state.cardForm?.chosen();
    if (!card) return;
    $('page-status').textContent = 'Paying…';
    const link = await api(`${path}/pay`, { method: 'POST', body: JSON.stringify(card.body) });
    $('page-status').textContent = '';
    if (awaitsBank(link)) return await confirmWithBank(link, card.label);
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

/**
 * The bank asks the patient to confirm the payment (3-D Secure): the card form shows the bank's
 * check, then the page shows the payment being confirmed until the processor tells the service how
 * it went (`watch`). `label` names the card, when the page knows it.
 */
async function confirmWithBank(link, label) {
  state.card = label;
  $('page-status').textContent = 'Your bank is asking you to confirm the payment…';
  // A card form with no `authenticate` (the test processor's) leaves the bank's answer to the processor.
  const passed = state.cardForm?.authenticate ? await state.cardForm.authenticate(link.payment.clientSecret) : true;
  $('page-status').textContent = '';
  show(link, 'processing', label);
  // Not confirmed: the processor tells the service in a moment, and the form comes back then.
  if (!passed)
    $('message').textContent = 'Your bank did not confirm the payment. Checking that no money was taken: then you can try again, or use another card.';
  $('heading').focus();
  watch();
}

/**
 * A link whose payment waits for the bank, found so when the page opened or paid: the button that
 * continues with the bank, when the card form can show the bank's check; either way, seen through.
 */
function showWaiting(link) {
  show(link, state.cardForm?.authenticate ? 'confirm' : 'processing');
  watch();
}

/** How long, in ms, the page waits before each time it asks how a payment left to the bank went: soon at first, then less often. */
const WATCH_DELAYS = [1000, 1000, 2000, 2000, 3000, 5000];
/** After this long the page says the payment is taking longer than usual, and keeps asking. */
const SLOW_AFTER_MS = 60_000;

/**
 * Asks for the link while its payment waits for the payer's bank, until it is paid (the receipt), its
 * payment failed (the form again, saying so), or it can no longer be paid. One at a time.
 */
async function watch() {
  if (state.watching) return;
  state.watching = true;
  const started = Date.now();
  try {
    for (let round = 0; ; round++) {
      await new Promise((resolve) => setTimeout(resolve, WATCH_DELAYS[Math.min(round, WATCH_DELAYS.length - 1)]));
      const link = await api(path).catch(() => null); // Offline for a moment: the payment goes on without the page.
      if (!link || awaitsBank(link)) {
        if (link && $('main').dataset.state === 'processing' && Date.now() - started > SLOW_AFTER_MS) {
          $('message').textContent =
            `This is taking longer than usual. You can close this page: ${link.organisationName} has your payment as soon as your bank sends it, and this link then shows it as paid. Please do not pay again.`;
        }
        continue;
      }
      if (link.status === 'open') {
        show(link);
        showPayError('The payment did not go through, and no money was taken. Try again, or use another card.');
      } else {
        show(link, link.status, state.card);
        $('heading').focus();
      }
      return;
    }
  } finally {
    state.watching = false;
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
  } else if (['payment_link_paid', 'payment_link_expired', 'booking_cancelled', 'payment_link_cancelled'].includes(code)) {
    // Paid, expired or cancelled since the page was loaded: show the link as it is now.
    try {
      show(await api(path));
    } catch {
      show(state.link, code === 'payment_link_paid' ? 'paid' : code === 'payment_link_expired' ? 'expired' : 'cancelled');
    }
    $('heading').focus();
  } else if (code === 'payment_requires_action') {
    // A payment made with the link since (another tab) waits for the bank: continue with it.
    const link = await api(path).catch(() => null);
    if (link && awaitsBank(link)) showWaiting(link);
    else show(link ?? state.link);
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
