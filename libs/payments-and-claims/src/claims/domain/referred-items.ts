import { Temporal } from 'temporal-polyfill';

/**
 * The MBS items a Medicare benefit is paid for only on a referral: the individual allied health
 * services of items 10950 to 10970 (a GP's chronic disease management plan refers them, or a
 * specialist), each with what it is.
 */
export const REFERRED_ITEMS: Readonly<Record<string, string>> = {
  '10950': 'Aboriginal and Torres Strait Islander health service',
  '10951': 'Diabetes education service',
  '10952': 'Audiology service',
  '10953': 'Exercise physiology service',
  '10954': 'Dietetics service',
  '10956': 'Mental health service',
  '10958': 'Occupational therapy service',
  '10960': 'Physiotherapy service',
  '10962': 'Podiatry service',
  '10964': 'Chiropractic service',
  '10966': 'Osteopathy service',
  '10968': 'Psychology service',
  '10970': 'Speech pathology service',
};

export const REFERRED_ITEM_CODES: readonly string[] = Object.keys(REFERRED_ITEMS);

/** How many referred services Medicare pays a patient for in a calendar year, across all their referrals. */
export const REFERRED_SESSIONS_A_YEAR = 5;

/** Whether Medicare pays the item only on a referral. */
export function needsReferral(itemCode: string): boolean {
  return Object.hasOwn(REFERRED_ITEMS, itemCode);
}

/** The instants a calendar year of the time zone runs between: from its first midnight until the next year's. */
export function calendarYearIn(year: number, timeZone: string): { from: Date; to: Date } {
  const midnight = (of: number) =>
    new Date(Temporal.PlainDate.from({ year: of, month: 1, day: 1 }).toZonedDateTime(timeZone).epochMilliseconds);
  return { from: midnight(year), to: midnight(year + 1) };
}
