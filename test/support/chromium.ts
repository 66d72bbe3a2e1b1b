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
 * How far this run's clock is moved, in ms, when `npm run test:at` moves it with libfaketime (`FAKETIME`
 * is then `+N` or `-N` seconds). Chromium under libfaketime spins without ever loading a page, so it
 * keeps the real clock, and each page's `Date` is moved by as much instead; its timers stay real.
 */
const movedClockMs = /^[+-]\d+$/.test(process.env.FAKETIME ?? '') ? Number(process.env.FAKETIME) * 1000 : 0;

/** Headless Chromium; `tests` names them in the message that says how to install it when it is missing. */
export async function launchChromium(tests: string): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${tests} need Chromium at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium  (npm test does this when it may)`,
    );
  }
  const env = movedClockMs
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
  if (movedClockMs) await context.addInitScript(moveDate, movedClockMs);
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return context;
}

/** Runs in the page before its scripts: `Date` (its `now()` and `new Date()`) moved by `byMs`. */
function moveDate(byMs: number): void {
  const RealDate = Date;
  class MovedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + byMs);
      else super(...(args as [string]));
    }

    static override now(): number {
      return RealDate.now() + byMs;
    }
  }
  globalThis.Date = MovedDate as DateConstructor;
}
