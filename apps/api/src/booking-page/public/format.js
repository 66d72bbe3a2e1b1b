// Formatting shared by the booking, manage and pay pages. Times are always shown in the location's zone.

const dollars = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Integer cents as dollars: 9500 → "$95.00". */
export const money = (cents) => dollars.format(cents / 100);

export const minutes = (count) => (count % 60 === 0 ? `${count / 60} hour${count === 60 ? '' : 's'}` : `${count} min`);

export const time = (iso, timeZone) => new Intl.DateTimeFormat('en-AU', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** The hour (0 to 23) of an instant in a zone. */
export const hourIn = (iso, timeZone) => Number(new Intl.DateTimeFormat('en-AU', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date(iso)));

export const longDateTime = (iso, timeZone) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));

/** An instant as a patient says it, in a zone: "Tuesday 9 December at 10:30 am". */
export const dayAndTime = (iso, timeZone) =>
  `${new Intl.DateTimeFormat('en-AU', { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso))} at ${time(iso, timeZone)}`;

/** Parts of a calendar day (`YYYY-MM-DD`), such as its weekday: "Mon". Dates are calendar days, so they are formatted in UTC. */
export const dayPart = (date, options) => new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', ...options }).format(new Date(`${date}T00:00:00Z`));

export const longDay = (date) =>
  new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${date}T00:00:00Z`));

/** Today's date in a zone, as `YYYY-MM-DD`. */
export const todayIn = (timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** A calendar day `days` after `date` (`YYYY-MM-DD`). */
export function addDays(date, days) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** "Australian Eastern Daylight Time" for a zone at an instant. */
export function zoneName(timeZone, at = new Date()) {
  const part = new Intl.DateTimeFormat('en-AU', { timeZone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part ? part.value : timeZone;
}

/** A notice period: "1 hour", "24 hours", "3 days" (whole days from 48 hours up). */
export const hoursText = (hours) => (hours >= 48 && hours % 24 === 0 ? `${hours / 24} days` : `${hours} hour${hours === 1 ? '' : 's'}`);

/** The fee the booking settings charge for cancelling a service of this price late, in cents, rounded as the service rounds it. */
export const feeOf = (settings, price) =>
  settings.cancellationFeeEnabled ? (settings.cancellationFeeAmount ?? Math.round((price * (settings.cancellationFeePercent ?? 0)) / 100)) : 0;

/** The fee a booking's cancellation policy charges for a late cancellation, in cents: 0 when it charges none. */
export const policyFee = (policy) => (policy.enabled ? policy.fee.amount : 0);

/** One appointment's cancellation policy in words: free until `latestNoFeeAt`, then `fee` (cents; 0 is no fee). */
export function policyText({ fee, latestNoFeeAt, timeZone }) {
  if (!fee) return 'Cancellation policy: you can cancel online at no cost until the appointment starts.';
  if (new Date(latestNoFeeAt) <= new Date())
    return `Cancellation policy: this appointment is close, so cancelling it now costs a cancellation fee of ${money(fee)}.`;
  return `Cancellation policy: cancel at no cost until ${longDateTime(latestNoFeeAt, timeZone)}; after that a cancellation fee of ${money(fee)} applies.`;
}

export function describe(list, pairs) {
  list.replaceChildren(
    ...pairs.flatMap(([term, value]) => {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = value;
      return [dt, dd];
    }),
  );
}

/** The JSON answer, or an Error carrying the problem details. */
export async function api(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    headers: { Accept: 'application/json', ...(options.body ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw Object.assign(new Error(body?.detail ?? `The service answered ${response.status}.`), { status: response.status, problem: body });
  return body;
}
