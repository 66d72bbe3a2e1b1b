import { describe, expect, it } from '@jest/globals';
import { AppointmentType } from './appointment-type.js';

const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const PROVIDER = '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a';
const LOCATION = '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f';
const CREATED = new Date('2026-11-22T05:28:59.000Z');
const LATER = new Date('2026-11-23T08:00:00.000Z');
const ITEM = { name: 'Consult', basePrice: 9500, taxRate: 10, serviceItem: { itemCode: '560' } };

const consult = () =>
  AppointmentType.create(
    ORGANISATION,
    {
      name: 'Consult',
      durationMinutes: 45,
      price: 9500,
      providerIds: [PROVIDER],
      locationIds: [LOCATION],
      description: 'First visit',
      billableItems: [ITEM],
    },
    CREATED,
  );

describe('AppointmentType', () => {
  it('is made unchanged: updatedAt is createdAt', () => {
    expect(consult().updatedAt).toEqual(CREATED);
  });

  it('applies only the fields given, null clearing a nullable one, and moves updatedAt', () => {
    const type = consult();
    expect(type.update({ price: 11000, description: null }, LATER)).toBe(true);
    expect(type).toMatchObject({
      name: 'Consult',
      durationMinutes: 45,
      price: 11000,
      description: null,
      updatedAt: LATER,
    });
  });

  it('gives a change made in the same millisecond as the last one its own updatedAt', () => {
    const type = consult();
    type.update({ price: 1 }, CREATED);
    expect(type.updatedAt).toEqual(new Date(CREATED.getTime() + 1));
  });

  it('says nothing changed, and keeps updatedAt, for no fields or for the values it holds', () => {
    const type = consult();
    expect(type.update({}, LATER)).toBe(false);
    expect(
      type.update({ name: 'Consult', price: 9500, providerIds: [PROVIDER, PROVIDER], billableItems: [ITEM] }, LATER),
    ).toBe(false);
    expect(type.updatedAt).toEqual(CREATED);
  });

  it('keeps the id of a billable item sent again as it is, whatever the order of its stored keys', () => {
    const type = consult();
    const [kept] = type.billableItems;
    // As PostgreSQL's jsonb hands it back: keys reordered.
    type.billableItems = [Object.fromEntries(Object.entries(kept).reverse()) as typeof kept];
    expect(type.update({ billableItems: [{ name: 'Tape', basePrice: 995 }, ITEM] }, LATER)).toBe(true);
    expect(type.billableItems.map((item) => item.id)).toEqual([expect.not.stringMatching(kept.id), kept.id]);
  });

  it('refuses a duration or price the create refuses, changing nothing', () => {
    const type = consult();
    expect(() => type.update({ price: 100, durationMinutes: 4 }, LATER)).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
    expect(() => type.update({ price: -1 }, LATER)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    expect(type).toMatchObject({ price: 9500, durationMinutes: 45, updatedAt: CREATED });
  });

  it('archives once: archiving again changes nothing', () => {
    const type = consult();
    expect(type.archive(LATER)).toBe(true);
    expect(type).toMatchObject({ deleted: true, updatedAt: LATER });
    expect(type.offers(PROVIDER, LOCATION)).toBe(false);
    expect(type.archive(new Date(LATER.getTime() + 60_000))).toBe(false);
    expect(type.updatedAt).toEqual(LATER);
  });
});
