/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- the fake reads and writes Stripe's JSON objects field by field, as the tests that read them do */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for Stripe's API, on 127.0.0.1, for the tests: the official SDK is pointed at it
 * (`STRIPE_API_BASE`, which sets the SDK's `host`, `port` and `protocol: 'http'`). It serves exactly
 * the endpoints the adapters call, reads form-encoded bodies as Stripe does (`a[b][0]=x`), and answers
 * in Stripe's documented shapes and status codes:
 *
 * - `POST /v1/customers`; `POST /v1/payment_methods/{id}/attach`; `POST /v1/setup_intents` confirmed
 *   with a confirmation token;
 * - `POST /v1/payment_intents` confirmed at once: `succeeded`; `requires_action` with `next_action`
 *   and `client_secret` on session; off session, a card whose bank wants the cardholder is a 402
 *   `card_error` `authentication_required` carrying the intent (as Stripe does); a declined card a
 *   402 `card_error` with its `decline_code`; `GET /v1/payment_intents/{id}` (`expand[]=latest_charge`);
 *   `POST /v1/payment_intents/{id}/cancel`;
 * - `POST /v1/refunds`; `POST /v1/payouts` and `GET /v1/payouts/{id}` on a connected account (`Stripe-Account`).
 *
 * Stripe's test payment methods are known by their ids (`pm_card_visa`, `pm_card_mastercard`,
 * `pm_card_amex`, `pm_card_visa_debit`, `pm_card_visa_chargeDeclined`, `pm_card_chargeDeclined`,
 * `pm_card_authenticationRequired`); a confirmation token `ctoken_<x>` previews the card `pm_<x>`.
 * Every connected account `acct_…` exists unless `disconnect`ed. A payout arrives (`paid`) when it is
 * next read, or `failed` on an account told to `failPayoutsTo`. Balances are not kept: a payout is
 * never refused for want of money (Stripe would refuse one larger than the account's balance).
 *
 * `Idempotency-Key` is honoured: the same key with the same parameters (per account) answers the
 * first answer again with `Idempotent-Replayed: true`; other parameters are 400 `idempotency_error`.
 * Answers are saved once a call runs (2xx and a declined card's 402), not when it is refused before
 * (a bad request, a failure made by `failNext`), as Stripe does. `failNext(n, 429 | 500 | 'hang')`
 * makes the next calls fail; every call is recorded in `calls`.
 */
export class FakeStripe {
  readonly secretKey = `sk_test_fake${randomBytes(12).toString('hex')}`;
  readonly calls: StripeCall[] = [];
  readonly customers = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json>();
  readonly intents = new Map<string, Json>();
  readonly charges = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  readonly payouts = new Map<string, Json & { account: string }>();
  private readonly saved = new Map<string, { fingerprint: string; status: number; body: string }>();
  private readonly disconnected = new Set<string>();
  private readonly failingPayouts = new Set<string>();
  private readonly sockets = new Set<Socket>();
  private readonly hanging: ServerResponse[] = [];
  private failures: Failure[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeStripe> {
    const server = createServer();
    const fake = new FakeStripe(server);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void fake.handle(request, response));
    server.on('connection', (socket: Socket) => {
      fake.sockets.add(socket);
      socket.once('close', () => fake.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** `STRIPE_API_BASE` for the service. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /**
   * The next `count` calls fail: 429 `rate_limit`, 500 `api_error`, never answered (`hang`), or
   * done and their answer lost on the way back (`lose`: the connection closes).
   */
  failNext(count: number, how: Failure): void {
    this.failures = Array.from({ length: count }, () => how);
  }

  /** Calls are answered again (and hanging ones are let go). */
  heal(): void {
    this.failures = [];
    for (const response of this.hanging.splice(0)) response.socket?.destroy();
  }

  /** A connected account Stripe does not know (a destination charge to it is 400 "No such destination"). */
  disconnect(accountId: string): void {
    this.disconnected.add(accountId);
  }

  /** Payouts on this connected account bounce: `failed` when next read. */
  failPayoutsTo(accountId: string): void {
    this.failingPayouts.add(accountId);
  }

  /**
   * The latest refund of `amount` cents of the PaymentIntent fails, as a refund to a closed card does
   * days later: its money is the charge's to refund again. Answers the refund, as `refund.failed` carries it.
   */
  failRefund(paymentIntentId: string, amount: number): Json {
    const refund = [...this.refunds.values()].findLast(
      (candidate) =>
        candidate.payment_intent === paymentIntentId && candidate.amount === amount && candidate.status === 'succeeded',
    );
    if (!refund) throw new Error(`no refund of ${amount} of ${paymentIntentId} to fail`);
    const charge = this.charges.get(refund.charge as string)!;
    charge.amount_refunded = (charge.amount_refunded as number) - amount;
    charge.refunded = false;
    Object.assign(refund, { status: 'failed', failure_reason: 'expired_or_canceled_card' });
    return { ...refund };
  }

  /** A customer made in Stripe's Dashboard, as a client's `customerId` may name. */
  addCustomer(id: string): void {
    if (!this.customers.has(id)) this.customers.set(id, customerObject(id, {}));
  }

  /**
   * The PaymentIntents made with this description, oldest first, as the test processor reports its
   * charges: those it captured, or that wait (or waited) for the cardholder; not those it declined.
   */
  chargesDescribed(description: string): { paymentId: string; amount: number; refunded: number; status: string }[] {
    return [...this.intents.values()]
      .filter((intent) => intent.description === description && intent.last_payment_error?.code !== 'card_declined')
      .map((intent) => ({
        paymentId: intent.id as string,
        amount: intent.amount as number,
        refunded: intent.latest_charge
          ? (this.charges.get(intent.latest_charge as string)!.amount_refunded as number)
          : 0,
        status: intent.status as string,
      }));
  }

  /** The calls made to `path` (a prefix such as `/v1/payment_intents`), oldest first. */
  callsTo(method: string, path: string): StripeCall[] {
    return this.calls.filter((call) => call.method === method && call.path.startsWith(path));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await bodyOf(request);
    const params = parseForm(request.method === 'GET' ? url.search.slice(1) : raw);
    const idempotencyKey = header(request, 'idempotency-key');
    const account = header(request, 'stripe-account');
    const call: StripeCall = {
      method: request.method ?? 'GET',
      path: url.pathname,
      params,
      idempotencyKey,
      account,
      status: 0,
    };
    this.calls.push(call);
    const failure = this.failures.shift();
    if (failure === 'hang') {
      this.hanging.push(response);
      return;
    }
    const answer = (status: number, body: Json | string, replayedAnswer = false) => {
      call.status = status;
      // Done, and the answer lost on its way back.
      if (failure === 'lose') return void response.socket?.destroy();
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': `req_${randomBytes(7).toString('hex')}`,
        ...(idempotencyKey && { 'Idempotency-Key': idempotencyKey }),
        ...(replayedAnswer && { 'Idempotent-Replayed': 'true' }),
      });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (failure === 429)
      return answer(
        429,
        stripeError('rate_limit_error', 'Too many requests hit the API too quickly.', { code: 'rate_limit' }),
      );
    if (failure === 500) return answer(500, stripeError('api_error', 'An unknown error occurred.'));
    if (header(request, 'authorization') !== `Bearer ${this.secretKey}`) {
      return answer(
        401,
        stripeError('invalid_request_error', 'Invalid API Key provided.', { code: 'api_key_invalid' }),
      );
    }
    const savedKey = idempotencyKey === undefined ? undefined : `${account ?? ''} ${idempotencyKey}`;
    const fingerprint = createHash('sha256').update(`${call.method} ${call.path} ${raw}`).digest('hex');
    if (request.method === 'POST' && savedKey) {
      const saved = this.saved.get(savedKey);
      if (saved && saved.fingerprint !== fingerprint) {
        return answer(
          400,
          stripeError(
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      }
      if (saved) return answer(saved.status, saved.body, true);
    }
    let outcome: { status: number; body: Json };
    try {
      outcome = { status: 200, body: this.route(call) };
    } catch (error) {
      if (!(error instanceof StripeRefusal)) throw error;
      outcome = { status: error.status, body: stripeError(error.type, error.message, error.extra) };
    }
    if (request.method === 'POST' && savedKey && (outcome.status === 200 || outcome.status === 402)) {
      this.saved.set(savedKey, { fingerprint, status: outcome.status, body: JSON.stringify(outcome.body) });
    }
    answer(outcome.status, outcome.body);
  }

  private route(call: StripeCall): Json {
    const { method, path, params } = call;
    const segments = path.split('/').filter(Boolean);
    const [, resource, id, action] = segments;
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(params);
    if (method === 'POST' && resource === 'payment_methods' && action === 'attach') return this.attach(id, params);
    if (method === 'POST' && path === '/v1/setup_intents') return this.setupIntent(params);
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(params);
    if (method === 'GET' && resource === 'payment_intents' && id && !action) return this.readIntent(id, params);
    if (method === 'POST' && resource === 'payment_intents' && action === 'cancel')
      return this.cancelIntent(id, params);
    if (method === 'POST' && path === '/v1/refunds') return this.refund(params);
    if (method === 'POST' && path === '/v1/payouts') return this.createPayout(call);
    if (method === 'GET' && resource === 'payouts' && id) return this.readPayout(id, call);
    throw new StripeRefusal(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createCustomer(params: Json): Json {
    const customer = customerObject(`cus_${randomId()}`, (params.metadata as Json) ?? {});
    this.customers.set(customer.id as string, customer);
    return customer;
  }

  private attach(id: string, params: Json): Json {
    const customer = this.customer(params.customer);
    const method = this.paymentMethodFor(id, 'payment_method', { attaching: true });
    if (method.customer && method.customer !== customer) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        'The payment method you provided has already been attached to a customer.',
        {
          code: 'payment_method_unexpected_state',
        },
      );
    }
    method.customer = customer;
    return method;
  }

  private setupIntent(params: Json): Json {
    const customer = this.customer(params.customer);
    const token = params.confirmation_token as string | undefined;
    if (!token || params.confirm !== 'true')
      throw new StripeRefusal(400, 'invalid_request_error', 'confirm=true and confirmation_token are needed here.');
    const method = this.paymentMethodFor(this.tokenCard(token), 'confirmation_token', { attaching: true });
    method.customer = customer;
    const expand = (params.expand as string[] | undefined) ?? [];
    return {
      id: `seti_${randomId()}`,
      object: 'setup_intent',
      client_secret: `seti_${randomId()}_secret_${randomId()}`,
      customer,
      payment_method: expand.includes('payment_method') ? method : method.id,
      status: 'succeeded',
      usage: params.usage ?? 'off_session',
      livemode: false,
      created: now(),
    };
  }

  private createIntent(params: Json): Json {
    const amount = Number(params.amount);
    if (!Number.isSafeInteger(amount) || amount < 50) {
      throw new StripeRefusal(400, 'invalid_request_error', 'Amount must be at least A$0.50 aud', {
        code: 'amount_too_small',
        param: 'amount',
      });
    }
    if (params.currency !== 'aud')
      throw new StripeRefusal(400, 'invalid_request_error', 'This fake takes aud only.', { param: 'currency' });
    const destination = (params.transfer_data as Json | undefined)?.destination as string | undefined;
    if (destination !== undefined && (this.disconnected.has(destination) || !/^acct_\w+$/.test(destination))) {
      throw new StripeRefusal(400, 'invalid_request_error', `No such destination: '${destination}'`, {
        code: 'resource_missing',
        param: 'transfer_data[destination]',
      });
    }
    if (params.application_fee_amount !== undefined && destination === undefined) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      );
    }
    const customer = params.customer === undefined ? null : this.customer(params.customer);
    const method =
      params.confirmation_token !== undefined
        ? this.paymentMethodFor(this.tokenCard(params.confirmation_token as string), 'confirmation_token')
        : this.paymentMethodFor(params.payment_method as string, 'payment_method');
    if (customer !== null && method.customer !== customer) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `The provided PaymentMethod ${method.id as string} was previously used with another customer.`,
        {
          param: 'payment_method',
        },
      );
    }
    const card = TEST_CARDS[method.template as string];
    const intent: Json = {
      id: `pi_${randomId()}`,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      application_fee_amount:
        params.application_fee_amount === undefined ? null : Number(params.application_fee_amount),
      cancellation_reason: null,
      canceled_at: null,
      client_secret: null,
      confirmation_method: 'automatic',
      created: now(),
      currency: 'aud',
      customer,
      description: params.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: params.metadata ?? {},
      next_action: null,
      payment_method: method.id,
      status: 'requires_payment_method',
      transfer_data: destination === undefined ? null : { destination },
    };
    intent.client_secret = `${intent.id as string}_secret_${randomId()}`;
    this.intents.set(intent.id as string, intent);
    const offSession = params.off_session === 'true';
    if (card.declines) {
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      throw new StripeRefusal(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        payment_intent: intent,
      });
    }
    if (card.authenticates && offSession) {
      intent.last_payment_error = {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
      };
      throw new StripeRefusal(402, 'card_error', 'Your card was declined. This transaction requires authentication.', {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        payment_intent: intent,
      });
    }
    if (card.authenticates) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted' },
      };
      return intent;
    }
    const charge: Json = {
      id: `ch_${randomId()}`,
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      captured: true,
      currency: 'aud',
      payment_intent: intent.id,
      status: 'succeeded',
      transfer_data: intent.transfer_data,
      application_fee_amount: intent.application_fee_amount,
    };
    this.charges.set(charge.id as string, charge);
    Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: charge.id });
    return intent;
  }

  private readIntent(id: string, params: Json): Json {
    const intent = this.intents.get(id);
    if (!intent)
      throw new StripeRefusal(404, 'invalid_request_error', `No such payment_intent: '${id}'`, {
        code: 'resource_missing',
        param: 'intent',
      });
    const expand = (params.expand as string[] | undefined) ?? [];
    return expand.includes('latest_charge') && intent.latest_charge
      ? { ...intent, latest_charge: this.charges.get(intent.latest_charge as string) }
      : intent;
  }

  private cancelIntent(id: string, params: Json): Json {
    const intent = this.readIntent(id, {});
    if (
      ![
        'requires_payment_method',
        'requires_confirmation',
        'requires_action',
        'requires_capture',
        'processing',
      ].includes(intent.status as string)
    ) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status as string}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: now(),
      cancellation_reason: params.cancellation_reason ?? null,
      next_action: null,
    });
    return intent;
  }

  private refund(params: Json): Json {
    const intent = this.readIntent(String(params.payment_intent), {});
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge as string) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `This PaymentIntent (${intent.id as string}) does not have a successful charge to refund.`,
        {
          code: 'charge_not_refundable',
        },
      );
    }
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (left === 0)
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `Charge ${charge.id as string} has already been refunded.`,
        { code: 'charge_already_refunded' },
      );
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount > left) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `Refund amount (A$${amount / 100}) is greater than unrefunded amount on charge (A$${left / 100})`,
        {
          code: 'amount_too_large',
          param: 'amount',
        },
      );
    }
    if (params.reverse_transfer === 'true' && !charge.transfer_data) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        'reverse_transfer can only be used on a charge with a transfer.',
        { param: 'reverse_transfer' },
      );
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Json = {
      id: `re_${randomId()}`,
      object: 'refund',
      amount,
      charge: charge.id,
      currency: 'aud',
      payment_intent: intent.id,
      status: 'succeeded',
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      created: now(),
      reverse_transfer: params.reverse_transfer === 'true',
      refund_application_fee: params.refund_application_fee === 'true',
    };
    this.refunds.set(refund.id as string, refund);
    return refund;
  }

  private createPayout(call: StripeCall): Json {
    const account = this.connectedAccount(call.account);
    const amount = Number(call.params.amount);
    if (!Number.isSafeInteger(amount) || amount < 1)
      throw new StripeRefusal(400, 'invalid_request_error', 'Invalid positive integer', { param: 'amount' });
    const payout = {
      id: `po_${randomId()}`,
      object: 'payout',
      amount,
      arrival_date: now() + 86_400,
      currency: String(call.params.currency),
      description: call.params.description ?? null,
      destination: `ba_${randomId()}`,
      failure_code: null,
      metadata: call.params.metadata ?? {},
      method: 'standard',
      status: 'pending',
      type: 'bank_account',
      created: now(),
      livemode: false,
      account,
    };
    this.payouts.set(payout.id, payout);
    return withoutAccount(payout);
  }

  private readPayout(id: string, call: StripeCall): Json {
    const account = this.connectedAccount(call.account);
    const payout = this.payouts.get(id);
    if (!payout || payout.account !== account)
      throw new StripeRefusal(404, 'invalid_request_error', `No such payout: '${id}'`, {
        code: 'resource_missing',
        param: 'id',
      });
    if (payout.status === 'pending') {
      Object.assign(
        payout,
        this.failingPayouts.has(account) ? { status: 'failed', failure_code: 'account_closed' } : { status: 'paid' },
      );
    }
    return withoutAccount(payout);
  }

  private connectedAccount(account: string | undefined): string {
    if (!account || !/^acct_\w+$/.test(account) || this.disconnected.has(account)) {
      throw new StripeRefusal(
        403,
        'invalid_request_error',
        `The provided key does not have access to account '${account ?? ''}' (or that account does not exist).`,
        {
          code: 'account_invalid',
        },
      );
    }
    return account;
  }

  private customer(id: unknown): string {
    if (typeof id !== 'string' || !this.customers.has(id)) {
      throw new StripeRefusal(400, 'invalid_request_error', `No such customer: '${String(id)}'`, {
        code: 'resource_missing',
        param: 'customer',
      });
    }
    return id;
  }

  /** A test card id makes a new PaymentMethod of that card, as Stripe's test mode does; a PaymentMethod id made before is itself. */
  private paymentMethodFor(id: string | undefined, param: string, { attaching = false } = {}): Json {
    const made = id === undefined ? undefined : this.paymentMethods.get(id);
    if (made) return made;
    if (id === undefined || !Object.hasOwn(TEST_CARDS, id)) {
      throw new StripeRefusal(
        param === 'payment_method' ? 404 : 400,
        'invalid_request_error',
        `No such ${param.replace('_', '')}: '${id ?? ''}'`,
        {
          code: 'resource_missing',
          param,
        },
      );
    }
    const card = TEST_CARDS[id];
    if (attaching && card.refusesAttach) {
      throw new StripeRefusal(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        param: '',
      });
    }
    const method: Json = {
      id: `pm_${randomId()}`,
      object: 'payment_method',
      type: 'card',
      template: id,
      card: {
        brand: card.brand,
        last4: card.last4,
        fingerprint: createHash('sha256')
          .update(card.last4 + card.brand)
          .digest('base64url')
          .slice(0, 16),
        exp_month: 12,
        exp_year: 2034,
        funding: card.funding ?? 'credit',
        country: 'AU',
      },
      customer: null,
      created: now(),
      livemode: false,
      metadata: {},
    };
    this.paymentMethods.set(method.id as string, method);
    return method;
  }

  private tokenCard(token: string): string {
    const card = token.replace(/^ctoken_/, 'pm_');
    if (!token.startsWith('ctoken_') || !Object.hasOwn(TEST_CARDS, card)) {
      throw new StripeRefusal(400, 'invalid_request_error', `No such confirmationtoken: '${token}'`, {
        code: 'resource_missing',
        param: 'confirmation_token',
      });
    }
    return card;
  }
}

type Failure = 429 | 500 | 'hang' | 'lose';

/** A call as the fake received it. */
export interface StripeCall {
  method: string;
  path: string;
  /** The form (or query) parameters, parsed as Stripe reads them. */
  params: Json;
  idempotencyKey: string | undefined;
  /** `Stripe-Account`: the connected account the call was made on. */
  account: string | undefined;
  status: number;
}

// The fake speaks JSON: its objects are plain records.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects are read and written field by field
type Json = Record<string, any>;

interface TestCard {
  brand: string;
  last4: string;
  funding?: string;
  declines?: boolean;
  refusesAttach?: boolean;
  authenticates?: boolean;
}

/** Stripe's test PaymentMethods, by their ids. */
const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', funding: 'debit' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  // Attaches to a customer, and every charge is declined.
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0341', declines: true },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', declines: true, refusesAttach: true },
  // 4000 0027 6000 3184: its bank asks for the cardholder on every payment.
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', authenticates: true },
};

class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

function stripeError(type: string, message: string, extra: Json = {}): Json {
  return {
    error: {
      type,
      message,
      ...extra,
      doc_url: extra.code ? `https://stripe.com/docs/error-codes/${String(extra.code).replace(/_/g, '-')}` : undefined,
    },
  };
}

function customerObject(id: string, metadata: Json): Json {
  return { id, object: 'customer', created: now(), livemode: false, metadata, email: null, name: null };
}

function withoutAccount({ account: _account, ...payout }: Json): Json {
  return payout;
}

const randomId = () => randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
const now = () => Math.floor(Date.now() / 1000);
const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `a=1&b[c]=2&d[0]=x` as Stripe reads it: `{ a: '1', b: { c: '2' }, d: ['x'] }`. */
export function parseForm(form: string): Json {
  const root: Json = {};
  for (const pair of form.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const [head, ...rest] = key.split('[').map((part, index) => (index === 0 ? part : part.replace(/]$/, '')));
    let target: Json = root;
    const path = [head, ...rest];
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const name = segment === '' && Array.isArray(target) ? String(target.length) : segment;
      if (last) {
        target[name] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[index + 1]);
      target[name] ??= nextIsIndex ? [] : {};
      target = target[name] as Json;
    });
  }
  return root;
}
