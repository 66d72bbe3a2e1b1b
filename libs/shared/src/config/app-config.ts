import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Everything the service reads from its environment, parsed and checked once at start-up. */
export class AppConfig {
  readonly port: number;
  /** Unset: the service runs its own embedded PostgreSQL in `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly bootstrapApiKey: string | undefined;
  readonly walletEncryptionKey: string | undefined;
  readonly redisUrl: string | undefined;
  readonly logLevel: string;
  readonly apiBaseUrl: string;
  readonly apiStagingBaseUrl: string;
  readonly demoData: boolean;
  readonly rateLimitPerMinute: number;
  readonly publicRateLimitPerMinute: number;
  readonly paymentProcessor: string;
  /** The platform's share of each card payment, in hundredths of a percent (150 = 1.5%). */
  readonly platformFeeBasisPoints: number;
  /** Which health fund, Medicare and payout bank adapters run (`test`: built in, no network). */
  readonly healthFundGateway: string;
  readonly medicareGateway: string;
  readonly payoutBank: string;
  /** `HH:MM` on the wall clock of `payoutTimeZone` when each business's daily payout runs. */
  readonly payoutTime: string;
  readonly payoutTimeZone: string;
  /** Express's `trust proxy`: which proxies' `X-Forwarded-For` names the client (per-IP limits, logs). */
  readonly trustProxy: boolean | number | string;
  /** PostgreSQL schema of the job engine's tables. */
  readonly jobsSchema: string;
  /** False: this instance queues jobs but runs none (an API-only instance). */
  readonly jobWorkers: boolean;
  /** How often the job engine looks for jobs whose worker died. */
  readonly jobsSuperviseIntervalSeconds: number;
  /** Lifts the https and public-address rules of webhook URLs: development and tests only. */
  readonly webhookAllowPrivateUrls: boolean;
  /** Seconds before each retry of a failed webhook delivery (CONTRACT section 10). */
  readonly webhookRetrySchedule: number[];

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.port = positiveInt(env, 'PORT', 3000);
    this.databaseUrl = env.DATABASE_URL || undefined;
    this.dataDir = resolve(env.DATA_DIR || './.data');
    this.bootstrapApiKey = env.BOOTSTRAP_API_KEY || undefined;
    this.walletEncryptionKey = env.WALLET_ENCRYPTION_KEY || undefined;
    this.redisUrl = env.REDIS_URL || undefined;
    this.logLevel = env.LOG_LEVEL || 'info';
    this.apiBaseUrl = (env.API_BASE_URL || `http://localhost:${this.port}`).replace(/\/$/, '');
    this.apiStagingBaseUrl = (env.API_STAGING_BASE_URL || 'https://staging.api.example.com').replace(/\/$/, '');
    this.demoData = env.DEMO_DATA ? env.DEMO_DATA === 'true' || env.DEMO_DATA === '1' : this.databaseUrl === undefined;
    this.rateLimitPerMinute = positiveInt(env, 'RATE_LIMIT_PER_MINUTE', 600);
    this.publicRateLimitPerMinute = positiveInt(env, 'PUBLIC_RATE_LIMIT_PER_MINUTE', 120);
    this.paymentProcessor = env.PAYMENT_PROCESSOR || 'test';
    this.platformFeeBasisPoints = basisPoints(env, 'PLATFORM_FEE_BASIS_POINTS', 150);
    this.healthFundGateway = env.HEALTH_FUND_GATEWAY || 'test';
    this.medicareGateway = env.MEDICARE_GATEWAY || 'test';
    this.payoutBank = env.PAYOUT_BANK || 'test';
    this.payoutTime = env.PAYOUT_TIME || '17:00';
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(this.payoutTime)) throw new Error(`PAYOUT_TIME must be HH:MM on a 24-hour clock, got "${this.payoutTime}"`);
    this.payoutTimeZone = env.PAYOUT_TIME_ZONE || 'Australia/Sydney';
    if (!Intl.supportedValuesOf('timeZone').includes(this.payoutTimeZone) && this.payoutTimeZone !== 'UTC') {
      throw new Error(`PAYOUT_TIME_ZONE must be an IANA time zone such as Australia/Sydney, got "${this.payoutTimeZone}"`);
    }
    this.trustProxy = trustProxyOf(env.TRUST_PROXY);
    this.jobsSchema = env.JOBS_SCHEMA || 'pgboss';
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(this.jobsSchema)) throw new Error(`JOBS_SCHEMA must be a lower-case PostgreSQL name, got "${this.jobsSchema}"`);
    this.jobWorkers = env.JOB_WORKERS !== 'false';
    this.jobsSuperviseIntervalSeconds = positiveInt(env, 'JOBS_SUPERVISE_INTERVAL_SECONDS', 60);
    this.webhookAllowPrivateUrls = env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true';
    this.webhookRetrySchedule = secondsList(env, 'WEBHOOK_RETRY_SCHEDULE', [5, 300, 1800, 7200, 18000, 36000, 36000]);
  }

  /**
   * The 32-byte master key (`WALLET_ENCRYPTION_KEY`) that card encryption, card fingerprints and
   * idempotency hashes each derive their own key from. Required with `DATABASE_URL`; the embedded
   * default makes one and keeps it in its data folder.
   */
  masterKey(): Buffer {
    if (this.walletEncryptionKey) return parseMasterKey(this.walletEncryptionKey);
    if (this.databaseUrl) throw new Error('WALLET_ENCRYPTION_KEY is required when DATABASE_URL is set (32 bytes as 64 hex characters or base64)');
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

/** A 32-byte key written as 64 hex characters or as base64. */
export function parseMasterKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('WALLET_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

/** Unset: no proxy is trusted. A number: that many hops. Otherwise Express's own forms (`loopback`, CIDRs). */
function trustProxyOf(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

function secondsList(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (!values.every((value) => Number.isSafeInteger(value) && value >= 1)) throw new Error(`${name} must be whole seconds separated by commas, got "${raw}"`);
  return values;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function basisPoints(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0 || value > 10_000) throw new Error(`${name} must be a whole number from 0 to 10000, got "${raw}"`);
  return value;
}
