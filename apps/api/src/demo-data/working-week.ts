import { hash } from 'node:crypto';

/** A working-hours row of the generated data, without its organisation and provider. */
export interface WorkingHoursRow {
  id: string;
  location_id: string;
  day_of_week: number;
  start_time: string;
  end_time: string;
}

/**
 * Every generated provider's week, so the demo's booking page offers times: Monday to Friday 08:00
 * to 18:00 (the hours the generated bookings fall in) and Saturday morning. A provider at two
 * locations works Monday, Wednesday and Friday at the first and Tuesday and Thursday at the second.
 * Ids come from the provider and day, not from the random stream, so adding these rows left every
 * other generated row as it was.
 */
export function workingWeek(providerId: string, locationIds: readonly string[]): WorkingHoursRow[] {
  const week: [number, string, string][] = [
    [1, '08:00', '18:00'],
    [2, '08:00', '18:00'],
    [3, '08:00', '18:00'],
    [4, '08:00', '18:00'],
    [5, '08:00', '18:00'],
    [6, '09:00', '13:00'],
  ];
  return week.map(([day, start, end]) => {
    const locationId = locationIds.length > 1 && (day === 2 || day === 4) ? locationIds[1] : locationIds[0];
    return {
      id: derivedUuid(`${providerId}:${day}`),
      location_id: locationId,
      day_of_week: day,
      start_time: start,
      end_time: end,
    };
  });
}

function derivedUuid(seed: string): string {
  const hex = hash('sha256', seed);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
