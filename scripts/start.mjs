// `npm start`: build when needed, then run the service in this process (so Ctrl-C and SIGTERM reach it).
import { join } from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

buildIfNeeded();
await import(join(root, 'dist', 'apps', 'api', 'src', 'main.js'));
