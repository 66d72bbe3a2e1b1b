import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import Stripe from 'stripe';
import { REDACTED_PATHS } from './logging.module.js';

describe('the redacted log paths', () => {
  it("keep a payment's client secret out of a line, in the payment and in a Stripe error logged whole", () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const logger = pino({ level: 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
    const intent = {
      id: 'pi_1',
      object: 'payment_intent',
      status: 'requires_action',
      client_secret: 'pi_1_secret_SHOULDNOTBELOGGED1',
    };
    const error = new Stripe.errors.StripeInvalidRequestError({
      type: 'invalid_request_error',
      message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
      code: 'payment_intent_unexpected_state',
      payment_intent: intent,
    } as never);
    logger.error({ err: error, requestId: 'req-1' }, 'Unhandled error');
    logger.info({ payment: { id: 'pi_2', clientSecret: 'pi_2_secret_SHOULDNOTBELOGGED2' } }, 'a payment');
    const logged = lines.join('');
    expect(logged).toContain('payment_intent_unexpected_state');
    expect(logged).toContain('pi_2');
    expect(logged).not.toContain('SHOULDNOTBELOGGED');
  });
});
