import { describe, expect, it } from '@jest/globals';
import { etagOf } from '@app/shared/domain';
import { PlanTemplateLink } from '../domain/plan-template-link.js';
import { InMemoryDirectory } from './testing/in-memory-organisations.js';
import { RemovePlanTemplateLink } from './remove-plan-template-link.use-case.js';

const CREATED = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

function setUp() {
  const link = PlanTemplateLink.create(
    ORGANISATION,
    { businessId: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a', planTemplateId: 'knee' },
    'https://api.example.com',
    CREATED,
  );
  const directory = new InMemoryDirectory([link]);
  return { link, directory, removeLink: new RemovePlanTemplateLink(directory) };
}

describe('RemovePlanTemplateLink', () => {
  it('removes the link once; removing it again answers not_found', async () => {
    const { link, directory, removeLink } = setUp();
    await removeLink.execute(ORGANISATION, link.id);
    expect(await directory.findPlanTemplateLink(ORGANISATION, link.id)).toBeNull();
    await expect(removeLink.execute(ORGANISATION, link.id)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it("answers not_found for another organisation's link and keeps it", async () => {
    const { link, directory, removeLink } = setUp();
    await expect(removeLink.execute('org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N', link.id)).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(await directory.findPlanTemplateLink(ORGANISATION, link.id)).toBe(link);
  });

  it('removes it only while If-Match names it (its createdAt)', async () => {
    const { link, directory, removeLink } = setUp();
    await expect(removeLink.execute(ORGANISATION, link.id, etagOf(new Date()))).rejects.toMatchObject({
      code: 'precondition_failed',
    });
    expect(await directory.findPlanTemplateLink(ORGANISATION, link.id)).toBe(link);
    await removeLink.execute(ORGANISATION, link.id, etagOf(CREATED));
    expect(await directory.findPlanTemplateLink(ORGANISATION, link.id)).toBeNull();
  });
});
