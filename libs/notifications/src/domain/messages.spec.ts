import { describe, expect, it } from '@jest/globals';
import {
  type BookingFacts,
  cancellationNote,
  clientMessage,
  dollars,
  localDateTime,
  MANAGE_TOKEN_PLACEHOLDER,
  providerMessage,
  receiptMessage,
  withManageToken,
} from './messages.js';

const SYDNEY = 'Australia/Sydney';
const NOW = new Date('2027-03-01T00:00:00Z');

const facts = (overrides: Partial<BookingFacts> = {}): BookingFacts => ({
  clinicName: 'Harbour Physio',
  client: { firstName: 'Alex', lastName: 'Chen' },
  provider: { firstName: 'Priya', lastName: 'Raman' },
  serviceName: 'Initial consultation',
  locationName: 'Bondi Junction',
  address: '88 Bondi Road, Bondi Junction NSW 2022',
  timeZone: SYDNEY,
  serviceDate: new Date('2027-04-04T23:00:00Z'),
  manageUrl: `https://api.example.test/book/manage/${MANAGE_TOKEN_PLACEHOLDER}`,
  cancellation: { feeApplies: true, feeAmount: 4750, freeUntil: new Date('2027-04-03T23:00:00Z'), freeHours: 24 },
  now: NOW,
  ...overrides,
});

describe('the time in a message', () => {
  it("is the location's wall clock and zone name, on each side of a daylight-saving change", () => {
    expect(localDateTime(new Date('2027-04-04T23:00:00Z'), SYDNEY)).toBe('Monday 5 April 2027 at 9:00 am AEST');
    expect(localDateTime(new Date('2027-04-02T22:00:00Z'), SYDNEY)).toBe('Saturday 3 April 2027 at 9:00 am AEDT');
    expect(localDateTime(new Date('2027-04-05T05:30:00Z'), 'Australia/Perth')).toBe(
      'Monday 5 April 2027 at 1:30 pm AWST',
    );
  });
});

describe('a client message', () => {
  it('says what, with whom, when and where, links the manage page and states the cancellation policy', () => {
    const { subject, text, html } = clientMessage('booking_confirmation', facts());
    expect(subject).toBe('Booking confirmed: Initial consultation, Monday 5 April 2027 at 9:00 am AEST');
    expect(text).toContain('Hi Alex,');
    expect(text).toContain(
      'What: Initial consultation\nWith: Priya Raman\nWhen: Monday 5 April 2027 at 9:00 am AEST\nWhere: Bondi Junction, 88 Bondi Road, Bondi Junction NSW 2022',
    );
    expect(text).toContain(
      `Change or cancel your booking: https://api.example.test/book/manage/${MANAGE_TOKEN_PLACEHOLDER}`,
    );
    expect(text).toContain(
      'Cancelling is free until Sunday 4 April 2027 at 9:00 am AEST (24 hours before the appointment); after that, the cancellation fee is $47.50.',
    );
    expect(html).toContain(
      `<a href="https://api.example.test/book/manage/${MANAGE_TOKEN_PLACEHOLDER}">Change or cancel your booking</a>`,
    );
  });

  it('escapes every value in the HTML, and keeps a subject on one line', () => {
    const hostile = facts({
      clinicName: 'A & B <Clinic>',
      serviceName: 'Massage "deep"\r\nBcc: x@example.com',
      client: { firstName: "<script>alert('x')</script>", lastName: 'C' },
    });
    const { subject, html } = clientMessage('booking_reminder', hostile);
    expect(html).not.toMatch(/<script>|<Clinic>|"deep"/);
    expect(html).toContain('A &amp; B &lt;Clinic&gt;');
    expect(html).toContain('Hi &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;,');
    expect(subject).toBe('Reminder: Massage "deep" Bcc: x@example.com, Monday 5 April 2027 at 9:00 am AEST');
  });

  it('leaves the link and the policy out of a cancellation, and the link out for a booking the clinic made', () => {
    const cancelled = clientMessage('booking_cancelled', facts());
    expect(cancelled.text).not.toContain('/book/manage/');
    expect(cancelled.text).not.toContain('Cancelling');
    expect(clientMessage('booking_confirmation', facts({ manageUrl: null })).text).not.toContain('/book/manage/');
  });

  it('gets the token only as it goes out', () => {
    const message = clientMessage('booking_confirmation', facts());
    const sent = withManageToken(message, 'q3ZP0yM6m4cWk2Xx3b9yH5bA1sVt7nUe8rL0dQwE2jC');
    expect(sent.text).toContain('https://api.example.test/book/manage/q3ZP0yM6m4cWk2Xx3b9yH5bA1sVt7nUe8rL0dQwE2jC');
    expect(sent.html).toContain(
      'href="https://api.example.test/book/manage/q3ZP0yM6m4cWk2Xx3b9yH5bA1sVt7nUe8rL0dQwE2jC"',
    );
    expect(`${sent.text}${sent.html}`).not.toContain(MANAGE_TOKEN_PLACEHOLDER);
  });
});

describe('the cancellation policy in words', () => {
  const terms = facts().cancellation;

  it('is free when no fee applies', () => {
    expect(cancellationNote({ ...terms, feeApplies: false }, SYDNEY, NOW)).toBe('Cancelling is free of charge.');
  });

  it('says the fee applies now once the free period has passed', () => {
    expect(cancellationNote(terms, SYDNEY, new Date('2027-04-04T00:00:00Z'))).toBe(
      'Cancelling is free only up to 24 hours before the appointment, so the cancellation fee of $47.50 applies if you cancel now.',
    );
  });
});

describe('a provider message and a receipt', () => {
  it("name the client to the provider, without the patient's manage link", () => {
    const { subject, text } = providerMessage('provider_booking_created', facts());
    expect(subject).toBe('New booking: Alex Chen, Monday 5 April 2027 at 9:00 am AEST');
    expect(text).toContain('Hi Priya,');
    expect(text).toContain('Client: Alex Chen');
    expect(text).not.toContain('/book/manage/');
  });

  it('list what was charged and how it was paid', () => {
    const receipt = {
      items: [
        { description: 'Initial physiotherapy consultation', amount: 9500 },
        { description: 'Exercise band', amount: 2500 },
      ],
      total: 12000,
      payments: [
        { source: 'health_fund_claim' as const, amount: 4000 },
        { source: 'payment' as const, amount: 8000 },
      ],
    };
    const { subject, text } = receiptMessage(facts(), receipt);
    expect(subject).toBe('Receipt from Harbour Physio: Initial consultation, Monday 5 April 2027');
    expect(text).toContain(
      'Initial physiotherapy consultation: $95.00\nExercise band: $25.00\nTotal: $120.00\nHealth fund benefit: $40.00\nPaid by card: $80.00',
    );
    expect(dollars(123456)).toBe('$1,234.56');
  });
});
