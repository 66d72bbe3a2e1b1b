import { describe, expect, it } from '@jest/globals';
import { RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { Organisation } from '../domain/organisation.js';
import { UpdateBookingSettings } from './update-booking-settings.use-case.js';
import { InMemoryOrganisations } from './testing/in-memory-organisations.js';
import { renderOrganisationEvents } from '../http/event-renderers.js';

const CREATED = new Date('2026-11-22T05:28:59.000Z');
const NOW = new Date('2026-11-23T01:02:03.000Z');

function setUp() {
  const organisations = new InMemoryOrganisations();
  const organisation = Organisation.create({ name: 'Harbour Physio', slug: 'harbour' }, CREATED);
  organisations.byId.set(organisation.id, organisation);
  const events = new RecordedEvents(renderOrganisationEvents);
  return {
    organisation,
    organisations,
    events,
    updateBookingSettings: new UpdateBookingSettings(organisations, events, new FixedClock(NOW)),
  };
}

describe('UpdateBookingSettings', () => {
  it("saves the given settings and bookingsEnabled, keeping the settings left undefined, and moves the organisation's updatedAt", async () => {
    const { organisation, organisations, events, updateBookingSettings } = setUp();
    await updateBookingSettings.execute(organisation.id, {
      bookingsEnabled: true,
      cancellationFeeEnabled: true,
      cancellationFeePercent: 50,
      notesEnabled: undefined,
    });
    expect(organisations.saved).toEqual([expect.objectContaining({ bookingsEnabled: true, updatedAt: NOW })]);
    expect(events.recorded).toEqual([
      {
        type: 'organisation.updated',
        organisationId: organisation.id,
        data: expect.objectContaining({ updatedAt: NOW.toISOString() }),
      },
    ]);
    expect(organisations.saved[0]?.bookingSettings).toMatchObject({
      cancellationFeeEnabled: true,
      cancellationFeePercent: 50,
      cancellationFeeAmount: null,
      notesEnabled: true,
      cancellationNoFeeBeforeHours: 24,
    });
  });

  it('records organisation.updated for a change of a setting alone, and nothing for settings sent as they are', async () => {
    const { organisation, organisations, events, updateBookingSettings } = setUp();
    await updateBookingSettings.execute(organisation.id, { notesEnabled: true, slotIntervalMinutes: 15 });
    expect([organisations.saved, events.recorded, organisation.updatedAt]).toEqual([[], [], CREATED]);
    await updateBookingSettings.execute(organisation.id, { slotIntervalMinutes: 30 });
    expect(events.recorded.map((event) => event.type)).toEqual(['organisation.updated']);
  });

  it('answers not_found for an unknown organisation, saving nothing', async () => {
    const { organisations, updateBookingSettings } = setUp();
    await expect(
      updateBookingSettings.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', { notesEnabled: false }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(organisations.saved).toEqual([]);
  });

  it('refuses a cancellation fee with neither an amount nor a percent, saving nothing and keeping the settings', async () => {
    const { organisation, organisations, updateBookingSettings } = setUp();
    await expect(
      updateBookingSettings.execute(organisation.id, { cancellationFeeEnabled: true, bookingsEnabled: true }),
    ).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'cancellationFeeAmount', code: 'required' })],
    });
    expect(organisations.saved).toEqual([]);
    expect(organisation.bookingSettings.cancellationFeeEnabled).toBe(false);
  });
});
