/**
 * The PostgreSQL channel on which every change to `api_keys` that a cache may hold wrongly is
 * announced; the payload is the key's secret hash. `pg_notify` inside the changing statement, so
 * the notice leaves on commit, and never for a change that rolled back.
 */
export const API_KEY_CHANGES_CHANNEL = 'api_key_changes';
