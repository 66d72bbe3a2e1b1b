// `npm run seed -- --scale demo|bench|large [--seed N] [--anchor YYYY-MM-DD] [--force]`: build when needed, then load generated data.
import { join } from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

buildIfNeeded();
await import(join(root, 'dist', 'apps', 'api', 'src', 'demo-data', 'seed-command.js'));
