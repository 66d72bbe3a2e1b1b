import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

// Browser tests drive Debian's Chromium with playwright-core, and reach nothing but the app under test.

const CHROMIUM = '/usr/bin/chromium';
/** Flags that keep Chromium off the network but for the page under test. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Whether this run's clock is moved by libfaketime (`npm run test:at`). Chromium under libfaketime
 * spins without ever loading a page, so it keeps the real clock and each page is given the run's
 * time through Playwright's clock instead.
 */
const movedClock = process.env.FAKETIME !== undefined;

/** Headless Chromium; `tests` names them in the message that says how to install it when it is missing. */
export async function launchChromium(tests: string): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${tests} need Chromium at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium  (npm test does this when it may)`,
    );
  }
  const env = movedClock
    ? Object.fromEntries(
        Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')),
      )
    : undefined;
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, env });
}

/** A context whose pages reach only `origin`: anything else is refused before it leaves the browser. */
export async function loopbackContext(
  browser: Browser,
  origin: string,
  options: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  // The time flows on from the run's moved clock.
  if (movedClock) await context.clock.install({ time: Date.now() });
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return context;
}
