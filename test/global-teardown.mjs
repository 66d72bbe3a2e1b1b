import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const database = globalThis.__testDatabase;
  if (!database) return;
  await database.drop();
  if (database.directory) rmSync(database.directory, { recursive: true, force: true });
}
