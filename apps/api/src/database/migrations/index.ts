import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Platform } from './Migration20261122000000Platform.js';
import { Migration20261122010000Directory } from './Migration20261122010000Directory.js';

/** Every migration, in order. Start-up applies the pending ones. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000Platform', class: Migration20261122000000Platform },
  { name: 'Migration20261122010000Directory', class: Migration20261122010000Directory },
];
