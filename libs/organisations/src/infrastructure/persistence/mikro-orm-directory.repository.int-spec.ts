import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ForeignKeyConstraintViolationException, type MikroORM } from '@mikro-orm/postgresql';
import { fresh, openTestOrm, Rows } from '../../../../../test/support/orm.js';
import { Business } from '../../domain/business.js';
import { Location } from '../../domain/location.js';
import { PlanTemplateLink } from '../../domain/plan-template-link.js';
import { MikroOrmDirectoryRepository } from './mikro-orm-directory.repository.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');

describe('MikroOrmDirectoryRepository on PostgreSQL', () => {
  let orm: MikroORM;
  let organisationId: string;
  let otherOrganisationId: string;

  beforeAll(async () => {
    orm = await openTestOrm();
    const rows = new Rows(orm);
    [organisationId, otherOrganisationId] = await Promise.all([rows.organisation(), rows.organisation()]);
  });
  afterAll(() => orm?.close());

  const addBusiness = async (props: Partial<Parameters<typeof Business.create>[1]> = {}) => {
    const business = Business.create(
      organisationId,
      { name: 'Harbour Physio Pty Ltd', taxIdentifier: '51 824 753 556', ...props },
      NOW,
    );
    await new MikroOrmDirectoryRepository(fresh(orm)).add(business);
    return business;
  };

  it('loads, in a fresh unit of work, a business with its settings, capabilities and events', async () => {
    const business = await addBusiness({
      merchantId: 'acct_1PqRsT',
      settings: { autoReconciliationEnabled: true },
      capabilities: [
        { type: 'health_fund_claims', enabled: true },
        { type: 'medicare_claims', enabled: false },
      ],
      events: { onboardedAt: '2026-01-02T03:04:05.000Z' },
    });

    const loaded = await new MikroOrmDirectoryRepository(fresh(orm)).findBusiness(organisationId, business.id);
    expect(loaded).toEqual(business);
    expect(loaded).toBeInstanceOf(Business);
    expect(loaded?.taxIdentifier).toBe('51824753556');
    expect(loaded?.settings).toEqual({ autoReconciliationEnabled: true, autoInviteClientsEnabled: false });
  });

  it('finds a business only within its organisation', async () => {
    const business = await addBusiness({ merchantId: null });
    const repository = new MikroOrmDirectoryRepository(fresh(orm));
    expect(await repository.findBusiness(otherOrganisationId, business.id)).toBeNull();
    expect((await repository.findBusiness(organisationId, business.id))?.merchantId).toBeNull();
  });

  it('loads a location with its address, registrations and null optional fields', async () => {
    const business = await addBusiness();
    const location = Location.create(
      organisationId,
      {
        businessId: business.id,
        name: 'Bondi Junction',
        timeZone: 'australia/sydney',
        address: {
          line1: '88 Bondi Road',
          suburb: 'Bondi Junction',
          state: 'NSW',
          postcode: '2022',
          countryCode: 'AU',
        },
        registrations: [{ medicare: { minorId: 'ABC12345', status: 'active' } }, { phi: { phiLocationId: 'PHI-9' } }],
      },
      NOW,
    );
    await new MikroOrmDirectoryRepository(fresh(orm)).add(location);

    const loaded = await fresh(orm).findOneOrFail(Location, { id: location.id });
    expect(loaded).toEqual(location);
    expect(loaded.timeZone).toBe('Australia/Sydney');
    expect(loaded.address.line2).toBeNull();
    expect([loaded.email, loaded.suggestedTaxIdentifier, loaded.bookingCustomText]).toEqual([null, null, null]);
  });

  it('loads a plan template link', async () => {
    const business = await addBusiness();
    const link = PlanTemplateLink.create(
      organisationId,
      { businessId: business.id, planTemplateId: 'knee rehab/6 weeks' },
      'https://book.example.com',
      NOW,
    );
    await new MikroOrmDirectoryRepository(fresh(orm)).add(link);

    const loaded = await fresh(orm).findOneOrFail(PlanTemplateLink, { id: link.id });
    expect(loaded).toEqual(link);
    expect(loaded.url).toBe(`https://book.example.com/plans/templates/knee%20rehab%2F6%20weeks/links/${link.id}`);
  });

  it('refuses a location of a business that does not exist, and stores nothing', async () => {
    const location = Location.create(
      organisationId,
      { businessId: '0193a6f7-0000-7000-8000-000000000000', name: 'Nowhere', timeZone: 'Australia/Perth', address: {} },
      NOW,
    );
    await expect(new MikroOrmDirectoryRepository(fresh(orm)).add(location)).rejects.toBeInstanceOf(
      ForeignKeyConstraintViolationException,
    );
    expect(await fresh(orm).count(Location, { id: location.id })).toBe(0);
  });
});
