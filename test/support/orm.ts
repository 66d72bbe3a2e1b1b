import { randomBytes, randomUUID } from 'node:crypto';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '@app/shared/domain';
import { nameSearchForms } from '@app/membership';
import { runMigrations } from '../../apps/api/src/database/migrate.js';
import { createOrmConfig } from '../../apps/api/src/database/orm-config.js';

/**
 * The application's ORM (every context's schemas, its configuration) on the test run's database,
 * migrated the way start-up migrates it. Integration tests build their adapters on forks of its
 * EntityManager, one fork per unit of work, as a request would.
 */
export async function openTestOrm(): Promise<MikroORM> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is set by test/global-setup.mjs');
  const orm = await MikroORM.init({ ...createOrmConfig(databaseUrl), debug: false });
  await runMigrations(orm);
  return orm;
}

/** A new unit of work with an empty identity map: what it loads comes from the database. */
export const fresh = (orm: MikroORM): EntityManager => orm.em.fork();

export class FixedClock extends Clock {
  constructor(private readonly at: Date) {
    super();
  }
  now(): Date {
    return new Date(this.at);
  }
}

/** Settles every promise and reports, in order, each value or the rejection's error. */
export async function settle<T>(work: Promise<T>[]): Promise<{ fulfilled: T[]; rejected: unknown[] }> {
  const outcomes = await Promise.allSettled(work);
  return {
    fulfilled: outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : [])),
    rejected: outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : [])),
  };
}

/** The code of a domain error (or the class name of anything else), so a failure shows what was thrown. */
export const codeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : String((error as Error)?.constructor?.name ?? error);

/**
 * Rows that other contexts own, inserted as plain SQL so a test of one context does not build
 * another context's aggregates. Every row gets fresh ids: test files share one database.
 */
export class Rows {
  constructor(private readonly orm: MikroORM) {}

  private async insert(table: string, row: Record<string, unknown>): Promise<void> {
    const columns = Object.keys(row);
    const values = columns.map((column) => {
      const value = row[column];
      return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
    });
    await fresh(this.orm)
      .getConnection()
      .execute(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`, values);
  }

  async organisation(name = 'Int Spec Clinic'): Promise<string> {
    const id = `org_${randomBytes(14).toString('hex').slice(0, 27)}`;
    await this.insert('organisations', {
      id,
      name,
      slug: `int-spec-${randomUUID()}`,
      created_at: new Date(),
      updated_at: new Date(),
      bookings_enabled: true,
      booking_settings: {},
    });
    return id;
  }

  async business(organisationId: string): Promise<string> {
    const id = randomUUID();
    await this.insert('businesses', {
      id,
      organisation_id: organisationId,
      name: 'Harbour Physio Pty Ltd',
      tax_identifier: '51824753556',
      country_code: 'AU',
      gst_registered: true,
      settings: {},
      capabilities: [],
      events: {},
      created_at: new Date(),
      updated_at: new Date(),
    });
    return id;
  }

  async location(organisationId: string, businessId: string): Promise<string> {
    const id = randomUUID();
    await this.insert('locations', {
      id,
      organisation_id: organisationId,
      business_id: businessId,
      name: 'Bondi Junction',
      time_zone: 'Australia/Sydney',
      address: {},
      registrations: [],
      created_at: new Date(),
      updated_at: new Date(),
    });
    return id;
  }

  async provider(organisationId: string): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    await this.insert('providers', {
      id,
      organisation_id: organisationId,
      first_name: 'Priya',
      last_name: 'Raman',
      bookings_enabled: true,
      deleted: false,
      created_at: now,
      updated_at: now,
    });
    return id;
  }

  async link(organisationId: string, providerId: string, locationId: string): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    await this.insert('provider_location_links', {
      id,
      organisation_id: organisationId,
      provider_id: providerId,
      location_id: locationId,
      accepted_terms: true,
      medicare: {},
      association: {},
      deleted: false,
      created_at: now,
      updated_at: now,
    });
    return id;
  }

  async client(organisationId: string): Promise<string> {
    const id = randomUUID();
    const { lastNameSearch, fullNameSearch } = nameSearchForms('Alex', 'Chen');
    const now = new Date();
    await this.insert('clients', {
      id,
      organisation_id: organisationId,
      first_name: 'Alex',
      last_name: 'Chen',
      last_name_search: lastNameSearch,
      full_name_search: fullNameSearch,
      deleted: false,
      created_at: now,
      updated_at: now,
    });
    return id;
  }

  /** A Medicare card with made-up fingerprint and ciphertext: enough for claims that name one. */
  async medicareCard(organisationId: string, clientId: string): Promise<string> {
    const id = randomUUID();
    await this.insert('wallet_cards', {
      id,
      organisation_id: organisationId,
      client_id: clientId,
      type: 'medicare_card',
      brand: 'medicare',
      last4: '5671',
      fingerprint: randomUUID(),
      verified: false,
      details: {},
      created_at: new Date(),
      updated_at: new Date(),
    });
    return id;
  }

  /** An organisation with a business, a location, a provider linked to it, and a client. */
  async practice(): Promise<{
    organisationId: string;
    businessId: string;
    locationId: string;
    providerId: string;
    linkId: string;
    clientId: string;
  }> {
    const organisationId = await this.organisation();
    const businessId = await this.business(organisationId);
    const [locationId, providerId, clientId] = await Promise.all([
      this.location(organisationId, businessId),
      this.provider(organisationId),
      this.client(organisationId),
    ]);
    const linkId = await this.link(organisationId, providerId, locationId);
    return { organisationId, businessId, locationId, providerId, linkId, clientId };
  }
}

/** A health fund the directory migration seeds (Medibank Private). */
export const SEEDED_HEALTH_FUND_ID = '0193a6f2-0001-7000-8000-000000000001';
