import { describe, expect, it } from '@jest/globals';
import { activityRecord, MAX_ACTIVITY_FIELD_LENGTH } from './activity-record.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');

describe('activity record', () => {
  it('records the app headers with the time as both createdAt and updatedAt', () => {
    expect(
      activityRecord({ applicationVersion: '4.12.0', platform: 'ios', userAgent: 'HarbourPhysio/4.12.0' }, NOW),
    ).toEqual({
      createdAt: '2026-11-22T05:28:59.123Z',
      updatedAt: '2026-11-22T05:28:59.123Z',
      applicationVersion: '4.12.0',
      platform: 'ios',
      userAgent: 'HarbourPhysio/4.12.0',
    });
  });

  it('is null for every header that is absent or blank', () => {
    expect(activityRecord({}, NOW)).toMatchObject({ applicationVersion: null, platform: null, userAgent: null });
    expect(activityRecord({ applicationVersion: null, platform: '  ', userAgent: '' }, NOW)).toMatchObject({
      applicationVersion: null,
      platform: null,
      userAgent: null,
    });
  });

  it(`keeps at most ${MAX_ACTIVITY_FIELD_LENGTH} characters of each header`, () => {
    const record = activityRecord(
      { applicationVersion: '1'.repeat(201), platform: 'p'.repeat(200), userAgent: 'u'.repeat(5000) },
      NOW,
    );
    expect(record.applicationVersion).toBe('1'.repeat(200));
    expect(record.platform).toBe('p'.repeat(200));
    expect(record.userAgent).toBe('u'.repeat(200));
  });

  it('never cuts a character in half', () => {
    const record = activityRecord({ userAgent: '😀'.repeat(201) }, NOW);
    expect(Array.from(record.userAgent ?? '')).toHaveLength(200);
    expect(record.userAgent).toBe('😀'.repeat(200));
  });
});
