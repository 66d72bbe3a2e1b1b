// Runs tests with the whole run's clock moved to another moment: `npm run test:at -- <instant> [jest arguments]`,
// for example `npm run test:at -- 2026-12-31T23:30:00+11:00 test/booking-page.e2e-spec.ts`. The service, the
// embedded PostgreSQL and the tests all see that moment, and time flows on from it. It is how a test is shown
// not to depend on the day or hour it runs: try a Sunday night, the day before daylight saving changes,
// 31 December, the last hour of a day in Sydney. It uses libfaketime (Debian's `faketime`), installed like the
// tests' other packages; the browser tests give their pages the same moment through Playwright's clock.
import { spawnSync } from 'node:child_process';
import { ensureSystemPackages } from './test-setup.mjs';

const LIBFAKETIME = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/faketime/libfaketime.so.1`;

const [instant, ...jestArguments] = process.argv.slice(2);
const moment = Date.parse(instant ?? '');
if (!instant || Number.isNaN(moment) || !/(Z|[+-]\d\d:\d\d)$/.test(instant)) {
  process.stderr.write(
    'Usage: npm run test:at -- <instant with its offset, e.g. 2026-12-31T23:30:00+11:00> [jest arguments]\n',
  );
  process.exit(2);
}
const problem = ensureSystemPackages({ packages: [{ name: 'faketime', path: LIBFAKETIME }] });
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

const offsetSeconds = Math.round((moment - Date.now()) / 1000);
process.stdout.write(`Tests at ${new Date(moment).toISOString()} (the clock moved by ${offsetSeconds} s)\n`);
const { status } = spawnSync('npm', ['test', '--', ...jestArguments], {
  stdio: 'inherit',
  env: {
    ...process.env,
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
    // Timers and timeouts keep the machine's own monotonic clock.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  },
});
process.exit(status ?? 1);
