// `npm start`: build when the sources are newer than the last build, then run the service in
// this process (so Ctrl-C and SIGTERM reach it).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', '.build-stamp');
const entry = join(root, 'dist', 'apps', 'api', 'src', 'main.js');

function newestSource(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () =>
  Math.max(newestSource(join(root, 'apps')), newestSource(join(root, 'libs')), statSync(join(root, 'package-lock.json')).mtimeMs) > statSync(stamp).mtimeMs;

if (!existsSync(stamp) || !existsSync(entry) || sourcesChanged()) {
  process.stdout.write('Building the service (nest build)...\n');
  execFileSync(join(root, 'node_modules', '.bin', 'nest'), ['build'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
}

await import(entry);
