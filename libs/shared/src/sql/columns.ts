// Column kinds the EntitySchemas share, spelled as the migrations create them, so the schema-diff
// test (apps/api/src/database/schema-diff.int-spec.ts) finds nothing to change.

/** `timestamptz(3)`: milliseconds, as JavaScript's Date keeps them. */
export const TIMESTAMP = { type: 'Date', columnType: 'timestamptz(3)' } as const;
export const UUID = { type: 'uuid', columnType: 'uuid' } as const;
/** Every string column is `text`; lengths are checked at the edge, not by the column type. */
export const TEXT = { type: 'text' } as const;
export const JSONB = { type: 'json', columnType: 'jsonb' } as const;
