import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  await globalThis.__testRedis?.stop();
  const database = globalThis.__testDatabase;
  if (!database) return;
  await database.drop();
  if (database.directory) rmSync(database.directory, { recursive: true, force: true });
}
