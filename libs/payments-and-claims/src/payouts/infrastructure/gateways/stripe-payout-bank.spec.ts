import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stripeClient } from '@app/wallet';
import { FakeStripe } from '../../../../../../test/support/fake-stripe.js';
import { StripePayoutBank } from './stripe-payout-bank.js';

let fake: FakeStripe;
let bank: StripePayoutBank;

beforeAll(async () => {
  fake = await FakeStripe.start();
  bank = new StripePayoutBank(stripeClient(fake.secretKey, new URL(fake.url), { timeoutMs: 500 }));
});

afterAll(() => fake?.close());

const transfer = (accountId: string | null) => ({
  payoutId: randomUUID(),
  businessId: randomUUID(),
  accountId,
  amount: 11820,
  arrivalDate: '2027-07-02',
});

describe('StripePayoutBank', () => {
  it("pays out on the business's connected account, keyed by the payout, and keeps Stripe's payout id", async () => {
    const sent = transfer('acct_1PayoutClinic0001');
    const answer = await bank.send(sent);
    expect(answer).toEqual({ kind: 'sent', bankPayoutId: expect.stringMatching(/^po_/) });
    const [call] = fake
      .callsTo('POST', '/v1/payouts')
      .filter((candidate) => candidate.idempotencyKey === `payout_${sent.payoutId}`);
    expect(call).toMatchObject({
      account: 'acct_1PayoutClinic0001',
      params: {
        amount: '11820',
        currency: 'aud',
        metadata: { payoutId: sent.payoutId },
        description: `Payout ${sent.payoutId}`,
      },
    });
    // A transfer job run again makes no second payout.
    expect(await bank.send(sent)).toEqual(answer);
    expect(
      [...fake.payouts.values()].filter(
        (payout) => (payout.metadata as { payoutId?: string }).payoutId === sent.payoutId,
      ),
    ).toHaveLength(1);
  });

  it("reads the payout's outcome from Stripe: paid, or failed when it bounced", async () => {
    const paid = transfer('acct_1PayoutClinic0002');
    const paidAnswer = await bank.send(paid);
    expect(
      await bank.outcome({ ...paid, bankPayoutId: paidAnswer.kind === 'sent' ? paidAnswer.bankPayoutId : null }),
    ).toBe('paid');

    fake.failPayoutsTo('acct_1PayoutClinic0003');
    const bounced = transfer('acct_1PayoutClinic0003');
    const bouncedAnswer = await bank.send(bounced);
    expect(
      await bank.outcome({
        ...bounced,
        bankPayoutId: bouncedAnswer.kind === 'sent' ? bouncedAnswer.bankPayoutId : null,
      }),
    ).toBe('failed');
  });

  it('refuses a transfer for a business with no connected account, asking Stripe nothing', async () => {
    const before = fake.calls.length;
    expect(await bank.send(transfer(null))).toEqual({
      kind: 'refused',
      reason: expect.stringContaining('no connected account'),
    });
    expect(fake.calls.length).toBe(before);
  });

  it('Stripe unavailable fails the transfer job, to be tried again', async () => {
    fake.failNext(1, 429);
    await expect(bank.send(transfer('acct_1PayoutClinic0004'))).rejects.toThrow();
  });
});
