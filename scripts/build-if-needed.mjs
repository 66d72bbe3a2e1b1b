// Builds the service (nest build) when the sources are newer than the last build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', '.build-stamp');

function newestSource(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    // TypeScript, and the booking page's files that the build copies.
    else if (entry.name.endsWith('.ts') || directory.includes('booking-page'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () =>
  Math.max(
    newestSource(join(root, 'apps')),
    newestSource(join(root, 'libs')),
    statSync(join(root, 'package-lock.json')).mtimeMs,
  ) > statSync(stamp).mtimeMs;

export function buildIfNeeded() {
  if (existsSync(stamp) && !sourcesChanged()) return;
  process.stdout.write('Building the service (nest build)...\n');
  execFileSync(join(root, 'node_modules', '.bin', 'nest'), ['build'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
}
