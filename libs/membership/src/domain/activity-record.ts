/** What the calling app says about itself, from the `X-Application-Version`, `X-Platform` and `User-Agent` headers. */
export interface DeviceHeaders {
  applicationVersion?: string | null;
  platform?: string | null;
  userAgent?: string | null;
}

/** One session of a member's app. Times are ISO 8601 strings because the records live in a JSON column. */
export interface ActivityRecord {
  createdAt: string;
  updatedAt: string;
  applicationVersion: string | null;
  platform: string | null;
  userAgent: string | null;
}

/** Headers are the caller's to fill: keep enough to recognise the app, not whatever was sent. */
export const MAX_ACTIVITY_FIELD_LENGTH = 200;

export function activityRecord(device: DeviceHeaders, now: Date): ActivityRecord {
  const at = now.toISOString();
  return {
    createdAt: at,
    updatedAt: at,
    applicationVersion: headerValue(device.applicationVersion),
    platform: headerValue(device.platform),
    userAgent: headerValue(device.userAgent),
  };
}

function headerValue(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const characters = Array.from(trimmed);
  return characters.length > MAX_ACTIVITY_FIELD_LENGTH
    ? characters.slice(0, MAX_ACTIVITY_FIELD_LENGTH).join('')
    : trimmed;
}
