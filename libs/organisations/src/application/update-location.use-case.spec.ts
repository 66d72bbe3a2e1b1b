import { describe, expect, it } from '@jest/globals';
import { etagOf, RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { Business } from '../domain/business.js';
import { Location } from '../domain/location.js';
import { renderOrganisationEvents } from '../http/event-renderers.js';
import { InMemoryDirectory, KnownLocationBookings } from './testing/in-memory-organisations.js';
import { UpdateLocation } from './update-location.use-case.js';

const CREATED = new Date('2026-11-22T05:28:59.000Z');
const NOW = new Date('2026-11-23T01:02:03.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';

function setUp(withUpcomingBookings = false) {
  const business = Business.create(ORGANISATION, { name: 'Harbour Physio', taxIdentifier: '51824753556' }, CREATED);
  const otherBusiness = Business.create(
    ORGANISATION,
    { name: 'Harbour Pilates', taxIdentifier: '33051775556' },
    CREATED,
  );
  const othersBusiness = Business.create(
    OTHER_ORGANISATION,
    { name: 'Elsewhere', taxIdentifier: '49004028077' },
    CREATED,
  );
  const location = Location.create(
    ORGANISATION,
    {
      businessId: business.id,
      name: 'Bondi',
      timeZone: 'Australia/Sydney',
      address: { line1: '88 Bondi Road', line2: 'Suite 4', suburb: 'Bondi', postcode: '2026' },
      email: 'bondi@harbourphysio.com.au',
    },
    CREATED,
  );
  const directory = new InMemoryDirectory([business, otherBusiness, othersBusiness, location]);
  const events = new RecordedEvents(renderOrganisationEvents);
  const bookings = new KnownLocationBookings(withUpcomingBookings ? [location.id] : []);
  return {
    location,
    otherBusiness,
    othersBusiness,
    directory,
    events,
    updateLocation: new UpdateLocation(directory, bookings, events, new FixedClock(NOW)),
  };
}

describe('UpdateLocation', () => {
  it('changes the fields sent, merges the address parts sent, moves updatedAt, and records location.updated as GET renders it', async () => {
    const { location, otherBusiness, directory, events, updateLocation } = setUp();
    const updated = await updateLocation.execute(ORGANISATION, location.id, {
      name: 'Bondi Beach',
      businessId: otherBusiness.id,
      address: { line2: null, suburb: 'Bondi Beach' },
      email: null,
      bookingCustomText: 'Park on Hall Street.',
    });
    expect(updated).toMatchObject({
      name: 'Bondi Beach',
      businessId: otherBusiness.id,
      email: null,
      bookingCustomText: 'Park on Hall Street.',
      updatedAt: NOW,
    });
    expect(updated.address).toEqual({
      line1: '88 Bondi Road',
      line2: null,
      suburb: 'Bondi Beach',
      city: null,
      state: null,
      postcode: '2026',
      country: null,
      countryCode: null,
    });
    expect(directory.saved).toHaveLength(1);
    expect(events.recorded).toEqual([
      {
        type: 'location.updated',
        organisationId: ORGANISATION,
        data: expect.objectContaining({ id: location.id, name: 'Bondi Beach', updatedAt: NOW.toISOString() }),
      },
    ]);
  });

  it('treats {} and values equal to the stored ones as no change: nothing saved or recorded, updatedAt kept', async () => {
    const { location, directory, events, updateLocation } = setUp(true);
    await updateLocation.execute(ORGANISATION, location.id, {});
    await updateLocation.execute(ORGANISATION, location.id, {
      name: 'Bondi',
      timeZone: 'australia/sydney',
      address: { line1: '88 Bondi Road' },
    });
    expect([directory.saved, events.recorded, location.updatedAt]).toEqual([[], [], CREATED]);
  });

  it('refuses a new time zone while the location has upcoming confirmed bookings, saving and recording nothing', async () => {
    const { location, directory, events, updateLocation } = setUp(true);
    await expect(
      updateLocation.execute(ORGANISATION, location.id, { timeZone: 'Australia/Perth', name: 'Bondi West' }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'location_has_bookings',
    });
    expect([directory.saved, events.recorded]).toEqual([[], []]);
    expect(await updateLocation.execute(ORGANISATION, location.id, { name: 'Bondi West' })).toMatchObject({
      name: 'Bondi West',
      timeZone: 'Australia/Sydney',
    });
  });

  it('takes a new time zone, as the database spells it, when no booking is to come', async () => {
    const { location, updateLocation } = setUp();
    expect((await updateLocation.execute(ORGANISATION, location.id, { timeZone: 'australia/perth' })).timeZone).toBe(
      'Australia/Perth',
    );
  });

  it('refuses a time zone that is not IANA, naming the field', async () => {
    const { location, directory, updateLocation } = setUp();
    await expect(updateLocation.execute(ORGANISATION, location.id, { timeZone: 'AEST' })).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'timeZone', code: 'invalid_time_zone' })],
    });
    expect(directory.saved).toEqual([]);
  });

  it("refuses another organisation's business as not found, naming businessId", async () => {
    const { location, othersBusiness, directory, updateLocation } = setUp();
    await expect(
      updateLocation.execute(ORGANISATION, location.id, { businessId: othersBusiness.id }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      errors: [expect.objectContaining({ field: 'businessId', code: 'not_found' })],
    });
    expect(directory.saved).toEqual([]);
  });

  it('answers not_found for a location of another organisation', async () => {
    const { location, updateLocation } = setUp();
    await expect(updateLocation.execute(OTHER_ORGANISATION, location.id, { name: 'Mine' })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('changes only the version If-Match names', async () => {
    const { location, directory, updateLocation } = setUp();
    await expect(
      updateLocation.execute(ORGANISATION, location.id, { name: 'Stale' }, etagOf(NOW)),
    ).rejects.toMatchObject({ code: 'precondition_failed' });
    expect(directory.saved).toEqual([]);
    expect((await updateLocation.execute(ORGANISATION, location.id, { name: 'Current' }, etagOf(CREATED))).name).toBe(
      'Current',
    );
  });
});
