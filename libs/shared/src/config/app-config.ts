import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Everything the service reads from its environment, parsed and checked once at start-up. */
/** PLATFORM_FEE_BASIS_POINTS when unset (1.5 %); the demo data's card fees are charged at it too. */
export const DEFAULT_PLATFORM_FEE_BASIS_POINTS = 150;

export class AppConfig {
  readonly port: number;
  /** Unset: the service runs its own embedded PostgreSQL in `dataDir`. */
  readonly databaseUrl: string | undefined;
  /** Read replicas of `databaseUrl` for API keys' list and get reads; empty: every read on the primary. */
  readonly databaseReadUrls: string[];
  /** A replica further behind the primary than this is not read from (its reads go to the primary). */
  readonly databaseReadMaxLagSeconds: number;
  /**
   * For what needs a session of its own (LISTEN, the job engine's pool, migrations), bypassing a
   * pooler in transaction mode that `databaseUrl` may point at. `DATABASE_DIRECT_URL`, else `databaseUrl`.
   */
  readonly databaseDirectUrl: string | undefined;
  /** False: reads go as unnamed statements (behind PgBouncer before 1.21 in transaction mode). */
  readonly databasePreparedStatements: boolean;
  readonly dataDir: string;
  readonly bootstrapApiKey: string | undefined;
  readonly walletEncryptionKey: string | undefined;
  readonly redisUrl: string | undefined;
  readonly logLevel: string;
  readonly apiBaseUrl: string;
  /** A staging deployment's address for the OpenAPI document's servers; null when unset. */
  readonly apiStagingBaseUrl: string | null;
  readonly demoData: boolean;
  readonly rateLimitPerMinute: number;
  readonly publicRateLimitPerMinute: number;
  /**
   * How long an `Idempotency-Key` counts as in progress after its request last showed it is alive:
   * the running request renews it, so this bounds only how long a key of a request that died stays taken.
   */
  readonly idempotencyInProgressSeconds: number;
  /** `test` (built in, no network) or `stripe`. */
  readonly paymentProcessor: 'test' | 'stripe';
  /**
   * With `stripe`: the platform account's secret key (`sk_…` or a restricted `rk_…`) and the signing
   * secrets (`whsec_…`, comma-separated) of the webhook endpoints that send to `POST /v1/stripe/webhooks`:
   * the platform account's endpoint and the Connect one each sign with their own. Never logged,
   * printed or answered (see `toJSON`).
   */
  readonly stripeSecretKey: string | undefined;
  readonly stripeWebhookSecret: string | undefined;
  /**
   * Stripe's publishable key (`pk_live_…`, `pk_test_…`) that the pay page's card form starts Stripe.js
   * with; public by design (every patient's browser gets it). Required with `PAYMENT_PROCESSOR=stripe`.
   */
  readonly stripePublishableKey: string | undefined;
  /**
   * For tests only: the address the Stripe SDK calls instead of Stripe's API (a local fake),
   * `STRIPE_API_BASE`; `undefined` in every real deployment.
   */
  readonly stripeApiBase: URL | undefined;
  /** The platform's share of each card payment, in hundredths of a percent (150 = 1.5%). */
  readonly platformFeeBasisPoints: number;
  /** Which health fund, Medicare and payout bank adapters run (`test`: built in, no network). */
  readonly healthFundGateway: string;
  readonly medicareGateway: string;
  /**
   * With the test gateways: how many business days after a claim was lodged its payer's remittance
   * pays it (`TEST_REMITTANCE_DELAY_BUSINESS_DAYS`, 0 to 10; 0 pays it the same day).
   */
  readonly testRemittanceDelayBusinessDays: number;
  /** Follows `paymentProcessor` when unset: the money to pay out is where the cards were charged. */
  readonly payoutBank: 'test' | 'stripe';
  /** `HH:MM` on the wall clock of `payoutTimeZone` when each business's daily payout runs. */
  readonly payoutTime: string;
  readonly payoutTimeZone: string;
  /** `HH:MM` on the wall clock of `payoutTimeZone` when the payers are asked each day what they have paid. */
  readonly remittanceFetchTime: string;
  /** Express's `trust proxy`: which proxies' `X-Forwarded-For` names the client (per-IP limits, logs). */
  readonly trustProxy: boolean | number | string;
  /** Set: `/metrics` is served by a listener of its own on this port, and not on `port`. */
  readonly metricsPort: number | undefined;
  /** The interface of the metrics listener; unset: every interface, like the main port. */
  readonly metricsHost: string | undefined;
  /** Set: a scrape must send `Authorization: Bearer <token>`; without `metricsPort`, `/metrics` is then on the main port. */
  readonly metricsToken: string | undefined;
  /** Spans are exported to `OTEL_EXPORTER_OTLP_ENDPOINT` (started by `main.ts`); log lines then carry the trace id. */
  readonly tracing: boolean;
  /** PostgreSQL schema of the job engine's tables. */
  readonly jobsSchema: string;
  /** False: this instance queues jobs but runs none (an API-only instance). */
  readonly jobWorkers: boolean;
  /** How often the job engine looks for jobs whose worker died. */
  readonly jobsSuperviseIntervalSeconds: number;
  /** Lifts the https and public-address rules of webhook URLs: development and tests only. */
  readonly webhookAllowPrivateUrls: boolean;
  /** Seconds before each retry of a failed webhook delivery. */
  readonly webhookRetrySchedule: number[];
  /** Webhook endpoints one organisation may have. */
  readonly webhookEndpointsPerOrganisation: number;
  /** Webhook deliveries one instance makes at once. */
  readonly webhookDeliveryConcurrency: number;
  /** Webhook deliveries of one organisation made at once, across every instance. */
  readonly webhookDeliveriesPerOrganisation: number;
  /** Where emails go out (`smtp://user:pass@host:587`, `smtps://…:465`); unset: each is recorded as `logged`, not sent. Holds a password: never logged. */
  readonly smtpUrl: string | undefined;
  /** The `From` of every email (`Clinic bookings <bookings@example.com>`). */
  readonly emailFrom: string;
  /** Seconds before the first retry of an email the mail server did not take; each next retry waits about twice as long. */
  readonly emailRetryDelaySeconds: number;
  /** How many times an email the mail server did not take is tried again before it is `failed`. */
  readonly emailRetryLimit: number;
  /** `log` (the default: each text message is recorded as `logged`, not sent) or `twilio`. */
  readonly smsProvider: 'log' | 'twilio';
  /** With `twilio`: the account (`AC…`) and its auth token, which is never logged or answered. */
  readonly twilioAccountSid: string | undefined;
  readonly twilioAuthToken: string | undefined;
  /** With `twilio`: who text messages come from, a number (`+61…`) or a registered sender id (`HarbourPhy`). */
  readonly smsFrom: string | undefined;
  /** For tests only: the address the Twilio SDK calls instead of api.twilio.com (a local fake), `TWILIO_API_BASE`. */
  readonly twilioApiBase: URL | undefined;

  /** Throws a `ConfigurationError` naming the first setting that is missing or malformed. */
  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.port = portSetting(env, 'PORT', 3000) ?? 3000;
    this.databaseUrl = urlSetting(
      env,
      'DATABASE_URL',
      ['postgres:', 'postgresql:'],
      'postgresql://user:password@host:5432/database',
    );
    this.databaseReadUrls = urlListSetting(
      env,
      'DATABASE_READ_URLS',
      ['postgres:', 'postgresql:'],
      'postgresql://user:password@replica-host:5432/database',
    );
    if (this.databaseReadUrls.length && !this.databaseUrl)
      throw new ConfigurationError('DATABASE_READ_URLS needs DATABASE_URL: the replicas are of that primary');
    this.databaseReadMaxLagSeconds = positiveInt(env, 'DATABASE_READ_MAX_LAG_SECONDS', 10);
    const directUrl = urlSetting(
      env,
      'DATABASE_DIRECT_URL',
      ['postgres:', 'postgresql:'],
      'postgresql://user:password@db-host:5432/database',
    );
    // Without DATABASE_URL the service runs its own embedded PostgreSQL: a direct URL to another server would split the data.
    if (directUrl && !this.databaseUrl)
      throw new ConfigurationError(
        'DATABASE_DIRECT_URL needs DATABASE_URL: set both, or neither for the embedded database',
      );
    this.databaseDirectUrl = directUrl ?? this.databaseUrl;
    this.databasePreparedStatements = oneOf(env, 'DATABASE_PREPARED_STATEMENTS', ['true', 'false'], 'true') === 'true';
    this.dataDir = resolve(env.DATA_DIR || './.data');
    this.bootstrapApiKey = env.BOOTSTRAP_API_KEY || undefined;
    this.walletEncryptionKey = env.WALLET_ENCRYPTION_KEY || undefined;
    if (this.walletEncryptionKey) parseMasterKey(this.walletEncryptionKey);
    else if (this.databaseUrl)
      throw new ConfigurationError(`WALLET_ENCRYPTION_KEY is required when DATABASE_URL is set: ${MAKE_MASTER_KEY}`);
    this.redisUrl = urlSetting(env, 'REDIS_URL', ['redis:', 'rediss:'], 'redis://host:6379');
    // On the embedded database (a developer's `npm start`) a line per request would bury the banner.
    this.logLevel = oneOf(env, 'LOG_LEVEL', LOG_LEVELS, this.databaseUrl ? 'info' : 'warn');
    this.apiBaseUrl = (env.API_BASE_URL || `http://localhost:${this.port}`).replace(/\/$/, '');
    this.apiStagingBaseUrl = env.API_STAGING_BASE_URL ? env.API_STAGING_BASE_URL.replace(/\/$/, '') : null;
    this.demoData = env.DEMO_DATA
      ? ['true', '1'].includes(oneOf(env, 'DEMO_DATA', ['true', '1', 'false', '0'], 'false'))
      : this.databaseUrl === undefined;
    this.rateLimitPerMinute = positiveInt(env, 'RATE_LIMIT_PER_MINUTE', 600);
    this.publicRateLimitPerMinute = positiveInt(env, 'PUBLIC_RATE_LIMIT_PER_MINUTE', 120);
    this.idempotencyInProgressSeconds = positiveInt(env, 'IDEMPOTENCY_IN_PROGRESS_SECONDS', 60);
    this.paymentProcessor = oneOf(env, 'PAYMENT_PROCESSOR', ['test', 'stripe'], 'test') as 'test' | 'stripe';
    this.stripeSecretKey = secretSetting(
      env,
      'STRIPE_SECRET_KEY',
      /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
      'sk_live_… or sk_test_… (or a restricted rk_… key)',
    );
    this.stripeWebhookSecret = secretSetting(
      env,
      'STRIPE_WEBHOOK_SECRET',
      /^whsec_[A-Za-z0-9+/=]+(,\s*whsec_[A-Za-z0-9+/=]+)*$/,
      'whsec_…, the signing secrets of the webhook endpoints separated by commas',
    );
    if (this.paymentProcessor === 'stripe') {
      for (const [name, value] of [
        ['STRIPE_SECRET_KEY', this.stripeSecretKey],
        ['STRIPE_WEBHOOK_SECRET', this.stripeWebhookSecret],
      ] as const) {
        if (!value)
          throw new ConfigurationError(`${name} is required with PAYMENT_PROCESSOR=stripe: ${STRIPE_SECRETS[name]}`);
      }
    }
    this.stripePublishableKey = stripePublishableKeyOf(env.STRIPE_PUBLISHABLE_KEY, this.paymentProcessor === 'stripe');
    this.stripeApiBase = env.STRIPE_API_BASE
      ? new URL(urlSetting(env, 'STRIPE_API_BASE', ['http:', 'https:'], 'http://127.0.0.1:12111')!)
      : undefined;
    this.platformFeeBasisPoints = basisPoints(env, 'PLATFORM_FEE_BASIS_POINTS', DEFAULT_PLATFORM_FEE_BASIS_POINTS);
    this.healthFundGateway = oneOf(env, 'HEALTH_FUND_GATEWAY', ['test'], 'test');
    this.medicareGateway = oneOf(env, 'MEDICARE_GATEWAY', ['test'], 'test');
    this.testRemittanceDelayBusinessDays = wholeNumber(env, 'TEST_REMITTANCE_DELAY_BUSINESS_DAYS', 1, 10);
    this.payoutBank = oneOf(env, 'PAYOUT_BANK', ['test', 'stripe'], this.paymentProcessor) as 'test' | 'stripe';
    // Card money is held where it was charged: only that processor can pay it out.
    if (this.payoutBank !== this.paymentProcessor) {
      throw new ConfigurationError(
        `PAYOUT_BANK must be ${this.paymentProcessor} with PAYMENT_PROCESSOR=${this.paymentProcessor} (payouts are paid from where the cards were charged); leave it unset to follow PAYMENT_PROCESSOR`,
      );
    }
    this.payoutTime = env.PAYOUT_TIME || '17:00';
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(this.payoutTime))
      throw new ConfigurationError(`PAYOUT_TIME must be HH:MM on a 24-hour clock, got "${this.payoutTime}"`);
    this.remittanceFetchTime = env.REMITTANCE_FETCH_TIME || '07:00';
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(this.remittanceFetchTime))
      throw new ConfigurationError(
        `REMITTANCE_FETCH_TIME must be HH:MM on a 24-hour clock, got "${this.remittanceFetchTime}"`,
      );
    this.payoutTimeZone = env.PAYOUT_TIME_ZONE || 'Australia/Sydney';
    if (!Intl.supportedValuesOf('timeZone').includes(this.payoutTimeZone) && this.payoutTimeZone !== 'UTC') {
      throw new ConfigurationError(
        `PAYOUT_TIME_ZONE must be an IANA time zone such as Australia/Sydney, got "${this.payoutTimeZone}"`,
      );
    }
    this.trustProxy = trustProxyOf(env.TRUST_PROXY);
    this.metricsPort = portSetting(env, 'METRICS_PORT', 9464);
    this.metricsHost = env.METRICS_HOST || undefined;
    this.metricsToken = metricsTokenOf(env.METRICS_TOKEN);
    this.tracing = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT);
    this.jobsSchema = env.JOBS_SCHEMA || 'pgboss';
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(this.jobsSchema))
      throw new ConfigurationError(`JOBS_SCHEMA must be a lower-case PostgreSQL name, got "${this.jobsSchema}"`);
    this.jobWorkers = env.JOB_WORKERS !== 'false';
    this.jobsSuperviseIntervalSeconds = positiveInt(env, 'JOBS_SUPERVISE_INTERVAL_SECONDS', 60);
    this.webhookAllowPrivateUrls = env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true';
    this.webhookRetrySchedule = secondsList(env, 'WEBHOOK_RETRY_SCHEDULE', [5, 300, 1800, 7200, 18000, 36000, 36000]);
    this.webhookEndpointsPerOrganisation = positiveInt(env, 'WEBHOOK_ENDPOINTS_PER_ORGANISATION', 16);
    this.webhookDeliveryConcurrency = positiveInt(env, 'WEBHOOK_DELIVERY_CONCURRENCY', 8);
    this.webhookDeliveriesPerOrganisation = positiveInt(env, 'WEBHOOK_DELIVERIES_PER_ORGANISATION', 2);
    this.smtpUrl = urlSetting(env, 'SMTP_URL', ['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587');
    this.emailFrom = emailFromOf(env.EMAIL_FROM, this.smtpUrl !== undefined);
    this.emailRetryDelaySeconds = positiveInt(env, 'EMAIL_RETRY_DELAY_SECONDS', 60);
    this.emailRetryLimit = positiveInt(env, 'EMAIL_RETRY_LIMIT', 8);
    this.smsProvider = oneOf(env, 'SMS_PROVIDER', ['log', 'twilio'], 'log') as 'log' | 'twilio';
    this.twilioAccountSid = secretSetting(
      env,
      'TWILIO_ACCOUNT_SID',
      /^AC[0-9a-f]{32}$/,
      'AC followed by 32 hex digits',
    );
    this.twilioAuthToken = secretSetting(env, 'TWILIO_AUTH_TOKEN', /^[0-9a-f]{32}$/, '32 hex digits');
    this.smsFrom = env.SMS_FROM?.trim() || undefined;
    if (this.smsFrom !== undefined && !/^(\+[1-9]\d{6,14}|[A-Za-z0-9][A-Za-z0-9 ]{0,10})$/.test(this.smsFrom))
      throw new ConfigurationError(
        'SMS_FROM must be a number in international form (+61412345678) or a sender id of at most 11 letters and digits',
      );
    if (this.smsProvider === 'twilio') {
      for (const [name, value] of [
        ['TWILIO_ACCOUNT_SID', this.twilioAccountSid],
        ['TWILIO_AUTH_TOKEN', this.twilioAuthToken],
        ['SMS_FROM', this.smsFrom],
      ] as const) {
        if (!value)
          throw new ConfigurationError(`${name} is required with SMS_PROVIDER=twilio: ${TWILIO_SETTINGS[name]}`);
      }
    }
    this.twilioApiBase = env.TWILIO_API_BASE
      ? new URL(urlSetting(env, 'TWILIO_API_BASE', ['http:', 'https:'], 'http://127.0.0.1:12112')!)
      : undefined;
  }

  /**
   * What `JSON.stringify` (and so a logger) shows of the configuration: everything but the values
   * that are secrets or hold one, which show only whether they are set.
   */
  toJSON(): Record<string, unknown> {
    const shown: Record<string, unknown> = { ...(this as object) };
    for (const name of SECRET_SETTINGS) {
      const value = shown[name];
      if (value !== undefined && !(Array.isArray(value) && value.length === 0)) shown[name] = '[redacted]';
    }
    return shown;
  }

  /** `console.log` and `util.inspect` show what `toJSON` shows. */
  [Symbol.for('nodejs.util.inspect.custom')](): Record<string, unknown> {
    return this.toJSON();
  }

  /** Metrics are never public by default: they need their own port or a token. */
  get metricsServed(): boolean {
    return this.metricsPort !== undefined || this.metricsToken !== undefined;
  }

  /**
   * The 32-byte master key (`WALLET_ENCRYPTION_KEY`) that card encryption, card fingerprints and
   * idempotency hashes each derive their own key from. Required with `DATABASE_URL`; the embedded
   * default makes one and keeps it in its data folder.
   */
  masterKey(): Buffer {
    if (this.walletEncryptionKey) return parseMasterKey(this.walletEncryptionKey);
    return parseMasterKey(this.secretInDataDir('wallet-encryption-key', () => randomBytes(32).toString('hex')));
  }

  /**
   * A secret the embedded default keeps in its data folder, made on first start; so a restart
   * keeps the same key without any configuration.
   */
  secretInDataDir(fileName: string, make: () => string = () => randomBytes(32).toString('base64url')): string {
    const path = join(this.dataDir, fileName);
    if (existsSync(path)) return readFileSync(path, 'utf8').trim();
    mkdirSync(this.dataDir, { recursive: true });
    const secret = make();
    writeFileSync(path, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

/**
 * A setting that is missing or malformed. Its message is one line a person can act on: what to set
 * and how to make a value. Start-up prints it alone, without a stack, and exits 1.
 */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** The settings that are, or hold, a secret (a database URL holds its password). */
const SECRET_SETTINGS = [
  'databaseUrl',
  'databaseReadUrls',
  'databaseDirectUrl',
  'bootstrapApiKey',
  'walletEncryptionKey',
  'redisUrl',
  'metricsToken',
  'smtpUrl',
  'stripeSecretKey',
  'stripeWebhookSecret',
  'twilioAuthToken',
] as const satisfies readonly (keyof AppConfig)[];

const TWILIO_SETTINGS = {
  TWILIO_ACCOUNT_SID: 'the Account SID (AC…) from the Twilio Console',
  TWILIO_AUTH_TOKEN: 'the auth token of that account, from the Twilio Console',
  SMS_FROM:
    'a Twilio number in international form, or an alphanumeric sender id (in Australia, registered on the Sender ID Register)',
};

const STRIPE_SECRETS = {
  STRIPE_SECRET_KEY:
    "the platform account's secret key from the Stripe Dashboard (Developers → API keys), sk_live_… or sk_test_…",
  STRIPE_WEBHOOK_SECRET:
    'the signing secrets (whsec_…) of the webhook endpoints for POST /v1/stripe/webhooks (the account one and the Connect one), separated by commas, from the Stripe Dashboard',
};

const MAKE_MASTER_KEY = '32 random bytes as 64 hex characters; make one with `openssl rand -hex 32`';

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** A 32-byte key written as 64 hex characters or as base64. */
export function parseMasterKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32)
    throw new ConfigurationError(`WALLET_ENCRYPTION_KEY must be ${MAKE_MASTER_KEY} (base64 of 32 bytes also works)`);
  return key;
}

/** The value is not repeated in the message: a database URL holds a password. */
function urlSetting(env: NodeJS.ProcessEnv, name: string, protocols: string[], example: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (!URL.canParse(raw) || !protocols.includes(new URL(raw).protocol))
    throw new ConfigurationError(`${name} must be a URL like ${example}`);
  return raw;
}

/** Comma-separated URLs; like `urlSetting`, the message names the position, never the value. */
function urlListSetting(env: NodeJS.ProcessEnv, name: string, protocols: string[], example: string): string[] {
  const parts = (env[name] ?? '').split(',').map((part) => part.trim());
  if (parts.every((part) => part === '')) return [];
  return parts.map((part, index) => {
    if (!part || !URL.canParse(part) || !protocols.includes(new URL(part).protocol))
      throw new ConfigurationError(
        `${name} must be URLs like ${example}, separated by commas; URL ${index + 1} is not`,
      );
    return part;
  });
}

/** A secret of a known shape; the message says the shape, never the value. */
function secretSetting(env: NodeJS.ProcessEnv, name: string, shape: RegExp, example: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!shape.test(raw)) throw new ConfigurationError(`${name} must look like ${example}; the value set does not`);
  return raw;
}

function oneOf(env: NodeJS.ProcessEnv, name: string, allowed: string[], fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!allowed.includes(raw))
    throw new ConfigurationError(`${name} must be one of ${allowed.join(', ')}; got "${raw}"`);
  return raw;
}

/** Unset: no proxy is trusted. A number: that many hops. Otherwise Express's own forms (`loopback`, CIDRs). */
function trustProxyOf(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/** A guessable token would make the metrics (route names, traffic, pool use) public in all but name. */
function metricsTokenOf(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16)
    throw new ConfigurationError('METRICS_TOKEN must be at least 16 characters; make one with `openssl rand -hex 32`');
  return raw;
}

/** An address, or a display name and an address in angle brackets; required when emails are sent. */
function emailFromOf(raw: string | undefined, sending: boolean): string {
  if (raw === undefined || raw === '') {
    if (sending)
      throw new ConfigurationError(
        'EMAIL_FROM is required with SMTP_URL: the From of every email, like "Harbour Physio <bookings@example.com>"',
      );
    return 'bookings@localhost';
  }
  const address = /<([^<>\s]+)>\s*$/.exec(raw)?.[1] ?? raw.trim();
  if (!/^[^@\s<>"]+@[^@\s<>"]+$/.test(address) || /[\r\n]/.test(raw))
    throw new ConfigurationError(
      `EMAIL_FROM must be an email address, or a name and an address like "Harbour Physio <bookings@example.com>"; got "${raw}"`,
    );
  return raw.trim();
}

/**
 * Checked here, as it is sent to every patient's browser: a secret key (`sk_…`) or a restricted key
 * (`rk_…`) set in its place by mistake would be public. The value is never repeated in the message.
 */
function stripePublishableKeyOf(raw: string | undefined, required: boolean): string | undefined {
  if (raw === undefined || raw === '') {
    if (required)
      throw new ConfigurationError(
        "STRIPE_PUBLISHABLE_KEY is required with PAYMENT_PROCESSOR=stripe: the publishable key (pk_live_… or pk_test_…) from Stripe's dashboard",
      );
    return undefined;
  }
  if (!/^pk_(live|test)_[A-Za-z0-9]+$/.test(raw))
    throw new ConfigurationError(
      "STRIPE_PUBLISHABLE_KEY must be Stripe's publishable key (pk_live_… or pk_test_…), which every patient's browser gets; never a secret (sk_…) or restricted (rk_…) key",
    );
  return raw;
}

function secondsList(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (!values.every((value) => Number.isSafeInteger(value) && value >= 1))
    throw new ConfigurationError(`${name} must be whole seconds separated by commas, got "${raw}"`);
  return values;
}

/** Checked here: out of range, `listen` would crash with a stack instead of this one line. */
function portSetting(env: NodeJS.ProcessEnv, name: string, example: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 65535)
    throw new ConfigurationError(`${name} must be a port from 1 to 65535 like ${example}; got "${raw}"`);
  return value;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1)
    throw new ConfigurationError(`${name} must be a positive integer like ${fallback}; got "${raw}"`);
  return value;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, most: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > most)
    throw new ConfigurationError(`${name} must be a whole number from 0 to ${most}; got "${raw}"`);
  return value;
}

function basisPoints(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0 || value > 10_000)
    throw new ConfigurationError(`${name} must be a whole number from 0 to 10000, got "${raw}"`);
  return value;
}
