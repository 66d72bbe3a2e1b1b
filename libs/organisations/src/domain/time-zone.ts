const CANONICAL_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

/** An IANA zone name such as `Australia/Sydney` (canonical names and their aliases, and `UTC`). */
export function isIanaTimeZone(value: string): boolean {
  if (CANONICAL_ZONES.has(value) || value === 'UTC') return true;
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone's name as the time zone database spells it (`australia/sydney` → `Australia/Sydney`). */
export function canonicalTimeZone(value: string): string {
  return value === 'UTC' ? value : new Intl.DateTimeFormat('en-AU', { timeZone: value }).resolvedOptions().timeZone;
}
