import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeTwilio } from '../../../../../test/support/fake-twilio.js';
import { DeliveryFailure } from '../../domain/mailer.js';
import { TwilioSmsSender } from './twilio-sms-sender.js';

let twilio: FakeTwilio;
let sender: TwilioSmsSender;

beforeAll(async () => {
  twilio = await FakeTwilio.start();
  sender = new TwilioSmsSender(
    { accountSid: twilio.accountSid, authToken: twilio.authToken, from: 'HarbourPhy' },
    new URL(twilio.url),
  );
});

afterAll(() => twilio.stop());

const failureOf = async (send: Promise<void>): Promise<DeliveryFailure> => {
  const error = await send.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeliveryFailure);
  return error as DeliveryFailure;
};

describe('TwilioSmsSender', () => {
  it("sends the message from the sender id to the number, with the account's credentials", async () => {
    await sender.send({ to: '+61412345001', body: 'Harbour Physio: a reminder of your appointment.' });
    expect(twilio.to('+61412345001')).toEqual([
      {
        accountSid: twilio.accountSid,
        user: twilio.accountSid,
        password: twilio.authToken,
        to: '+61412345001',
        from: 'HarbourPhy',
        body: 'Harbour Physio: a reminder of your appointment.',
      },
    ]);
  });

  it('a number Twilio will not send to fails for good, in words that never hold the auth token', async () => {
    twilio.refuse('+61412345002', {
      status: 400,
      code: 21211,
      message: "The 'To' number +61412345002 is not a valid phone number.",
    });
    const failure = await failureOf(sender.send({ to: '+61412345002', body: 'Hello' }));
    expect(failure.permanent).toBe(true);
    expect(failure.message).toBe(
      "Twilio answered 400 (error 21211): The 'To' number +61412345002 is not a valid phone number.",
    );
    expect(failure.message).not.toContain(twilio.authToken);
  });

  it.each([
    [503, 20500, 'Service unavailable'],
    [429, 20429, 'Too many requests'],
  ])('a %i answer may pass later: not permanent', async (status, code, message) => {
    const number = `+614123451${status}`;
    twilio.refuse(number, { status, code, message });
    const failure = await failureOf(sender.send({ to: number, body: 'Hello' }));
    expect(failure.permanent).toBe(false);
    expect(failure.message).toContain(`Twilio answered ${status}`);
  });

  it('wrong credentials fail for good (401), and a provider out of reach may pass later', async () => {
    const stranger = new TwilioSmsSender(
      { accountSid: twilio.accountSid, authToken: 'f'.repeat(32), from: 'HarbourPhy' },
      new URL(twilio.url),
    );
    const refused = await failureOf(stranger.send({ to: '+61412345003', body: 'Hello' }));
    expect(refused.permanent).toBe(true);
    expect(refused.message).toContain('Twilio answered 401');
    expect(refused.message).not.toContain('f'.repeat(32));

    const unreachable = new TwilioSmsSender(
      { accountSid: twilio.accountSid, authToken: twilio.authToken, from: 'HarbourPhy' },
      new URL('http://127.0.0.1:9'),
    );
    const failure = await failureOf(unreachable.send({ to: '+61412345004', body: 'Hello' }));
    expect(failure.permanent).toBe(false);
  });
});
