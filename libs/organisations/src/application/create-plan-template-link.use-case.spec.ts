import { describe, expect, it } from '@jest/globals';
import { AppConfig } from '@app/shared';
import { FixedClock } from '../../../../test/support/orm.js';
import { Business } from '../domain/business.js';
import { CreatePlanTemplateLink } from './create-plan-template-link.use-case.js';
import { InMemoryDirectory, KnownOrganisations } from './testing/in-memory-organisations.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const business = Business.create(ORGANISATION, { name: 'Harbour Physio', taxIdentifier: '51824753556' }, NOW);

function setUp() {
  const directory = new InMemoryDirectory([business]);
  const config = new AppConfig({ API_BASE_URL: 'https://api.example.com/' });
  return {
    directory,
    createLink: new CreatePlanTemplateLink(
      directory,
      new KnownOrganisations({ [ORGANISATION]: [] }),
      config,
      new FixedClock(NOW),
    ),
  };
}

describe('CreatePlanTemplateLink', () => {
  it('stores a link whose URL is under the API base URL, with the template id escaped', async () => {
    const { directory, createLink } = setUp();
    const link = await createLink.execute(ORGANISATION, { businessId: business.id, planTemplateId: 'knee rehab/6' });
    expect(directory.added).toEqual([link]);
    expect(link).toMatchObject({
      organisationId: ORGANISATION,
      businessId: business.id,
      planTemplateId: 'knee rehab/6',
      createdAt: NOW,
    });
    expect(link.url).toBe(`https://api.example.com/plans/templates/knee%20rehab%2F6/links/${link.id}`);
  });

  it('refuses a business the organisation does not have, naming businessId, and stores nothing', async () => {
    const { directory, createLink } = setUp();
    await expect(
      createLink.execute(ORGANISATION, { businessId: '0b7f2a64-7c0e-4b43-9d3e-2f1a5e6c8d90', planTemplateId: 'knee' }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      errors: [expect.objectContaining({ field: 'businessId', code: 'not_found' })],
    });
    expect(directory.added).toEqual([]);
  });

  it('answers not_found for an organisation that does not exist, and stores nothing', async () => {
    const { directory, createLink } = setUp();
    await expect(
      createLink.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', { businessId: business.id, planTemplateId: 'knee' }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(directory.added).toEqual([]);
  });
});
