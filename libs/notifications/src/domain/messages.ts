import type { Cents } from '@app/shared/domain';
import type { Draft, NotificationType } from './notification.js';

/**
 * Stands in a message's manage link for the booking's manage token: the stored copy of a message
 * never holds the token, and the sender puts it in as the email goes out.
 */
export const MANAGE_TOKEN_PLACEHOLDER = '{manageToken}';

export interface Person {
  firstName: string;
  lastName: string;
}

/** What a cancellation costs, in the terms the message states. */
export interface CancellationTerms {
  /** A fee is charged at all: the policy is on and its amount is more than nothing. */
  feeApplies: boolean;
  feeAmount: Cents;
  /** Cancelling at or before this instant is free. */
  freeUntil: Date;
  freeHours: number;
}

/** Everything a message about one booking says. */
export interface BookingFacts {
  clinicName: string;
  client: Person;
  provider: Person;
  serviceName: string;
  locationName: string;
  /** The location's address on one line; `null` when it has none. */
  address: string | null;
  timeZone: string;
  serviceDate: Date;
  /** The patient's manage page with `MANAGE_TOKEN_PLACEHOLDER` for the token; `null` for a booking the clinic made. */
  manageUrl: string | null;
  cancellation: CancellationTerms;
  now: Date;
}

export interface ReceiptFacts {
  items: { description: string; amount: Cents }[];
  total: Cents;
  payments: { source: 'payment' | 'health_fund_claim' | 'medicare_claim'; amount: Cents }[];
}

export type MessageContent = Pick<Draft, 'subject' | 'text' | 'html'>;

export type ClientBookingMessage = Extract<
  NotificationType,
  'booking_confirmation' | 'booking_rescheduled' | 'booking_cancelled' | 'booking_reminder'
>;
export type ProviderBookingMessage = Extract<NotificationType, `provider_${string}`>;

/** The client's message of a booking's change or reminder. */
export function clientMessage(type: ClientBookingMessage, facts: BookingFacts): MessageContent {
  const when = localDateTime(facts.serviceDate, facts.timeZone);
  const live = type !== 'booking_cancelled';
  const { subject, lead } = {
    booking_confirmation: {
      subject: `Booking confirmed: ${facts.serviceName}, ${when}`,
      lead: `Your booking at ${facts.clinicName} is confirmed.`,
    },
    booking_rescheduled: {
      subject: `Booking moved: ${facts.serviceName}, now ${when}`,
      lead: `Your booking at ${facts.clinicName} has moved. It is now:`,
    },
    booking_cancelled: {
      subject: `Booking cancelled: ${facts.serviceName}, ${when}`,
      lead: `Your booking at ${facts.clinicName} has been cancelled.`,
    },
    booking_reminder: {
      subject: `Reminder: ${facts.serviceName}, ${when}`,
      lead: `This is a reminder of your booking at ${facts.clinicName}.`,
    },
  }[type];
  return render({
    subject,
    greeting: `Hi ${facts.client.firstName},`,
    lead,
    details: bookingDetails(facts, 'With', fullName(facts.provider)),
    amounts: [],
    link: live && facts.manageUrl ? { text: 'Change or cancel your booking', url: facts.manageUrl } : null,
    notes: live ? [cancellationNote(facts.cancellation, facts.timeZone, facts.now)] : [],
    signature: facts.clinicName,
  });
}

/**
 * The client's reminder as a text message: one short paragraph, the manage link (when the patient
 * booked online) last. Its `subject` is the email's, for lists; a text message has none.
 */
export function smsReminder(facts: BookingFacts): MessageContent {
  const when = localDateTime(facts.serviceDate, facts.timeZone);
  const manage = facts.manageUrl ? ` To change or cancel: ${facts.manageUrl}` : '';
  return {
    subject: `Reminder: ${facts.serviceName}, ${when}`,
    text: `${facts.clinicName}: a reminder of your ${facts.serviceName} with ${fullName(facts.provider)} at ${facts.locationName}, ${when}.${manage}`,
    html: '',
  };
}

/** Where the patient's code stands in a stored message: the code itself is put in only as it is sent. */
export const CODE_PLACEHOLDER = '••••';

/** What the patient agrees to by giving back their code: who pays what, and what they pay. */
export interface ClaimConfirmationFacts {
  businessName: string;
  payer: string;
  benefit: Cents;
  gap: Cents;
  /** A bulk bill: the patient assigns their Medicare benefit to the practice as the whole payment. */
  bulkBill: boolean;
  /** The code, or `CODE_PLACEHOLDER` in the message as it is kept. */
  code: string;
}

/**
 * The patient's code for a claim, with the benefit, the gap and the declaration they make by giving
 * it back: by SMS in one text, by email in the house layout.
 */
export function claimConfirmationMessage(facts: ClaimConfirmationFacts, channel: 'sms' | 'email'): MessageContent {
  const declaration = facts.bulkBill
    ? `By giving this code you assign your Medicare benefit of ${dollars(facts.benefit)} to ${facts.businessName} as the whole payment for the service you received.`
    : `By giving this code you agree that ${facts.businessName} claims ${dollars(facts.benefit)} from ${facts.payer} for the service you received, and you pay ${dollars(facts.gap)}.`;
  const subject = `Your code to agree to your ${facts.payer} claim`;
  if (channel === 'sms') {
    return {
      subject,
      text: `${facts.businessName}: your code is ${facts.code}. ${declaration} It works for 15 minutes. If you did not ask for this, ignore it.`,
      html: '',
    };
  }
  return render({
    subject,
    greeting: 'Hello,',
    lead: `${facts.businessName} asks you to agree to a claim for your service. Your code is ${facts.code}: give it to the clinic.`,
    details: [],
    amounts: [
      [`${facts.payer} pays`, dollars(facts.benefit)],
      ['You pay', dollars(facts.gap)],
    ],
    link: null,
    notes: [declaration, 'The code works for 15 minutes. If you did not ask for this, ignore this email.'],
    signature: facts.businessName,
  });
}

/** The provider's message of a change to one of their bookings. */
export function providerMessage(type: ProviderBookingMessage, facts: BookingFacts): MessageContent {
  const client = fullName(facts.client);
  const when = localDateTime(facts.serviceDate, facts.timeZone);
  const { subject, lead } = {
    provider_booking_created: { subject: `New booking: ${client}, ${when}`, lead: `${client} has booked with you.` },
    provider_booking_rescheduled: {
      subject: `Booking moved: ${client}, now ${when}`,
      lead: `${client}'s booking with you has moved. It is now:`,
    },
    provider_booking_cancelled: {
      subject: `Booking cancelled: ${client}, ${when}`,
      lead: `${client}'s booking with you has been cancelled.`,
    },
  }[type];
  return render({
    subject,
    greeting: `Hi ${facts.provider.firstName},`,
    lead,
    details: bookingDetails(facts, 'Client', client),
    amounts: [],
    link: null,
    notes: [],
    signature: facts.clinicName,
  });
}

/** The client's receipt once a check-out of the booking is settled. */
export function receiptMessage(facts: BookingFacts, receipt: ReceiptFacts): MessageContent {
  const paidBy = {
    payment: 'Paid by card',
    health_fund_claim: 'Health fund benefit',
    medicare_claim: 'Medicare benefit',
  } as const;
  return render({
    subject: `Receipt from ${facts.clinicName}: ${facts.serviceName}, ${localDate(facts.serviceDate, facts.timeZone)}`,
    greeting: `Hi ${facts.client.firstName},`,
    lead: `Thank you for your visit to ${facts.clinicName}. Here is your receipt.`,
    details: bookingDetails(facts, 'With', fullName(facts.provider)),
    amounts: [
      ...receipt.items.map((item): [string, string] => [item.description, dollars(item.amount)]),
      ['Total', dollars(receipt.total)],
      ...receipt.payments.map((payment): [string, string] => [paidBy[payment.source], dollars(payment.amount)]),
    ],
    link: null,
    notes: [],
    signature: facts.clinicName,
  });
}

function bookingDetails(facts: BookingFacts, otherParty: string, otherName: string): [string, string][] {
  return [
    ['What', facts.serviceName],
    [otherParty, otherName],
    ['When', localDateTime(facts.serviceDate, facts.timeZone)],
    ['Where', facts.address ? `${facts.locationName}, ${facts.address}` : facts.locationName],
  ];
}

export function cancellationNote(terms: CancellationTerms, timeZone: string, now: Date): string {
  if (!terms.feeApplies || terms.freeHours === 0) return 'Cancelling is free of charge.';
  const fee = dollars(terms.feeAmount);
  const notice = `${terms.freeHours} ${terms.freeHours === 1 ? 'hour' : 'hours'}`;
  if (now.getTime() <= terms.freeUntil.getTime())
    return `Cancelling is free until ${localDateTime(terms.freeUntil, timeZone)} (${notice} before the appointment); after that, the cancellation fee is ${fee}.`;
  return `Cancelling is free only up to ${notice} before the appointment, so the cancellation fee of ${fee} applies if you cancel now.`;
}

const fullName = (person: Person): string => `${person.firstName} ${person.lastName}`;

/** `Tuesday 7 April 2026 at 9:00 am AEST`: the wall clock and zone name of `timeZone` at that instant. */
export function localDateTime(instant: Date, timeZone: string): string {
  const part = partsOf(instant, timeZone, { hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' });
  return `${localDate(instant, timeZone)} at ${part.hour}:${part.minute} ${part.dayPeriod.toLowerCase()} ${part.timeZoneName}`;
}

/** `Tuesday 7 April 2026` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const part = partsOf(instant, timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return `${part.weekday} ${part.day} ${part.month} ${part.year}`;
}

/** Built once per time zone and shape: making an `Intl.DateTimeFormat` costs far more than using one. */
const formats = new Map<string, Intl.DateTimeFormat>();

function partsOf(instant: Date, timeZone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('en-AU', { timeZone, ...options })));
  return Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
}

const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** `$1,234.50` from integer cents. */
export const dollars = (cents: Cents): string => AUD.format(cents / 100);

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

interface Layout {
  subject: string;
  greeting: string;
  lead: string;
  details: [string, string][];
  amounts: [string, string][];
  link: { text: string; url: string } | null;
  notes: string[];
  signature: string;
}

/** One layout for every message, as plain text and as simple HTML; every value escaped in the HTML. */
function render(layout: Layout): MessageContent {
  const rows = (pairs: [string, string][]) => pairs.map(([label, value]) => `${label}: ${value}`);
  const text = [
    layout.greeting,
    '',
    layout.lead,
    '',
    ...rows(layout.details),
    ...(layout.amounts.length ? ['', ...rows(layout.amounts)] : []),
    ...(layout.link ? ['', `${layout.link.text}: ${layout.link.url}`] : []),
    ...layout.notes.flatMap((note) => ['', note]),
    '',
    layout.signature,
    '',
  ].join('\n');
  const table = (pairs: [string, string][]) =>
    `<table>${pairs.map(([label, value]) => `<tr><th align="left" style="padding-right:1em">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`;
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(layout.greeting)}</p>`,
    `<p>${escapeHtml(layout.lead)}</p>`,
    table(layout.details),
    ...(layout.amounts.length ? [table(layout.amounts)] : []),
    ...(layout.link ? [`<p><a href="${escapeHtml(layout.link.url)}">${escapeHtml(layout.link.text)}</a></p>`] : []),
    ...layout.notes.map((note) => `<p>${escapeHtml(note)}</p>`),
    `<p>${escapeHtml(layout.signature)}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  // A subject is one header line: names with line breaks or runs of spaces are folded to single spaces.
  return { subject: layout.subject.replace(/\s+/g, ' ').trim(), text, html };
}

/** The message as it goes out: the booking's manage token where the stored copy holds its placeholder. */
export function withManageToken<M extends { text: string; html: string }>(
  message: M,
  token: string,
): Pick<M, 'text' | 'html'> {
  return {
    text: message.text.replaceAll(MANAGE_TOKEN_PLACEHOLDER, token),
    html: message.html.replaceAll(MANAGE_TOKEN_PLACEHOLDER, token),
  };
}
