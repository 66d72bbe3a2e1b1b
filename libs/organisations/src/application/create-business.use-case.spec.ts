import { describe, expect, it } from '@jest/globals';
import { FixedClock } from '../../../../test/support/orm.js';
import { CreateBusiness } from './create-business.use-case.js';
import { InMemoryDirectory, KnownOrganisations } from './testing/in-memory-organisations.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

function setUp() {
  const directory = new InMemoryDirectory();
  return {
    directory,
    createBusiness: new CreateBusiness(directory, new KnownOrganisations({ [ORGANISATION]: [] }), new FixedClock(NOW)),
  };
}

describe('CreateBusiness', () => {
  it('stores an Australian business with its ABN compacted and default settings', async () => {
    const { directory, createBusiness } = setUp();
    const business = await createBusiness.execute(ORGANISATION, {
      name: 'Harbour Physio Pty Ltd',
      taxIdentifier: '51 824 753 556',
    });
    expect(directory.added).toEqual([business]);
    expect(business).toMatchObject({
      organisationId: ORGANISATION,
      taxIdentifier: '51824753556',
      countryCode: 'AU',
      merchantId: null,
      settings: { autoReconciliationEnabled: false, autoInviteClientsEnabled: false },
      createdAt: NOW,
    });
  });

  it('keeps a foreign tax identifier as given', async () => {
    const { createBusiness } = setUp();
    const business = await createBusiness.execute(ORGANISATION, {
      name: 'Kiwi Physio',
      taxIdentifier: 'NZ-123',
      countryCode: 'nz',
    });
    expect(business).toMatchObject({ countryCode: 'NZ', taxIdentifier: 'NZ-123' });
  });

  it('refuses an ABN with a wrong checksum, naming the field, and stores nothing', async () => {
    const { directory, createBusiness } = setUp();
    await expect(
      createBusiness.execute(ORGANISATION, { name: 'Harbour Physio', taxIdentifier: '51824753557' }),
    ).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'taxIdentifier', code: 'invalid_abn' })],
    });
    expect(directory.added).toEqual([]);
  });

  it('answers not_found for an organisation that does not exist, and stores nothing', async () => {
    const { directory, createBusiness } = setUp();
    await expect(
      createBusiness.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', {
        name: 'Harbour Physio',
        taxIdentifier: '51824753556',
      }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(directory.added).toEqual([]);
  });
});
