import { EVENT_TYPES, type EventType } from '@app/shared/domain';

/** The families of event types: `booking.*` names every `booking.` type. */
export const EVENT_FAMILIES = [...new Set(EVENT_TYPES.map((type) => `${type.split('.')[0]}.*`))];
/** What a filter or an endpoint may name: a type, a family, or `*` for everything. */
export const EVENT_SELECTORS = ['*', ...EVENT_TYPES, ...EVENT_FAMILIES] as const;

export const isEventSelector = (value: string): boolean => (EVENT_SELECTORS as readonly string[]).includes(value);

/** Whether an event of `type` is one that `selectors` name. */
export function selects(selectors: readonly string[], type: EventType): boolean {
  return selectors.some(
    (selector) =>
      selector === '*' || selector === type || (selector.endsWith('.*') && type.startsWith(selector.slice(0, -1))),
  );
}

/** The event types `selectors` name, for a database filter. */
export function typesSelected(selectors: readonly string[]): EventType[] {
  return EVENT_TYPES.filter((type) => selects(selectors, type));
}
