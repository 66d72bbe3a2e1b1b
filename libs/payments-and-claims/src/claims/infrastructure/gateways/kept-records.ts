/**
 * How many records a test gateway keeps of what it was sent: plenty for any test, and few enough
 * that the demo (`npm start`) or the bench, which run the test gateways for hours, stay bounded.
 */
const KEPT = 10_000;

/** Adds `record` to `list`, forgetting the oldest beyond `KEPT`. */
export function keep<T>(list: T[], record: T): void {
  list.push(record);
  if (list.length > KEPT) list.splice(0, list.length - KEPT);
}

/** Sets `key` in `map`, forgetting the oldest entry beyond `KEPT`. */
export function keepEntry<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.set(key, value);
  if (map.size > KEPT) map.delete(map.keys().next().value as K);
}
