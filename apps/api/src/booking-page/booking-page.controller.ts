import { fileURLToPath } from 'node:url';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppConfig, notFound, Public } from '@app/shared';

const PUBLIC_FOLDER = fileURLToPath(new URL('./public/', import.meta.url));

/** The pages' own files; nothing else in the folder is served. */
const ASSETS: Record<string, string> = {
  'booking.css': 'text/css; charset=utf-8',
  'pay.css': 'text/css; charset=utf-8',
  'format.js': 'text/javascript; charset=utf-8',
  'times.js': 'text/javascript; charset=utf-8',
  'book.js': 'text/javascript; charset=utf-8',
  'manage.js': 'text/javascript; charset=utf-8',
  'pay.js': 'text/javascript; charset=utf-8',
  'card-form.js': 'text/javascript; charset=utf-8',
  'clinic.svg': 'image/svg+xml',
};

/**
 * The pay page's card form, the only part of it that depends on the payment processor, by
 * `PAYMENT_PROCESSOR`: served as `card-form.js`, so the test processor's cards are offered only
 * when the test processor takes the payment.
 */
const CARD_FORMS: Record<string, string> = { test: 'test-card-form.js', stripe: 'stripe-card-form.js' };

/**
 * Only what the booking pages load: their own scripts and styles, the API on this origin, and the
 * clinic's brand image from wherever the clinic keeps it (any https address).
 */
const BOOKING_PAGE_DIRECTIVES: Record<string, string> = {
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' https: data:",
  'connect-src': "'self'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
};

const policyOf = (directives: Record<string, string>): string =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

const BOOKING_PAGE_POLICY = policyOf(BOOKING_PAGE_DIRECTIVES);

/**
 * The pay page loads what the booking pages load, and no script may write markup from a string
 * (Trusted Types). A processor's card form that needs more has it here, for this page only, by
 * `PAYMENT_PROCESSOR`. Stripe's: Stripe.js from Stripe, its frames (the card fields, and the bank's
 * 3-D Secure check), its API; and the one Trusted Types policy the form makes, `default`, which
 * passes script addresses on Stripe.js's origin and nothing else.
 */
const PAY_PAGE_POLICIES: Record<string, string> = {
  test: policyOf({ ...BOOKING_PAGE_DIRECTIVES, 'require-trusted-types-for': "'script'", 'trusted-types': "'none'" }),
  stripe: policyOf({
    ...BOOKING_PAGE_DIRECTIVES,
    'script-src': "'self' https://js.stripe.com",
    'frame-src': 'https://js.stripe.com https://hooks.stripe.com',
    'connect-src': "'self' https://api.stripe.com",
    'require-trusted-types-for': "'script'",
    'trusted-types': 'default',
  }),
};

/**
 * The patient's pages: booking, managing a booking, and paying a payment link. Plain HTML, CSS and
 * JavaScript that call only the public routes.
 */
@ApiExcludeController()
@Public()
@Controller()
export class BookingPageController {
  constructor(private readonly config: AppConfig) {}

  @Get('book/assets/:file')
  asset(@Param('file') file: string, @Res() response: Response): void {
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    const served = file === 'card-form.js' ? CARD_FORMS[this.config.paymentProcessor] : file;
    if (!type || !served) throw notFound('File', file);
    response.setHeader('Cache-Control', 'public, max-age=300');
    response.type(type).sendFile(served, { root: PUBLIC_FOLDER });
  }

  @Get('book/manage/:manageToken')
  manage(@Res() response: Response): void {
    this.page(response, 'manage.html', BOOKING_PAGE_POLICY);
  }

  @Get('book/:slug')
  book(@Res() response: Response): void {
    this.page(response, 'book.html', BOOKING_PAGE_POLICY);
  }

  @Get('pay/:token')
  pay(@Res() response: Response): void {
    this.page(response, 'pay.html', PAY_PAGE_POLICIES[this.config.paymentProcessor]);
  }

  private page(response: Response, file: string, policy: string): void {
    response.setHeader('Content-Security-Policy', policy);
    // The manage and pay pages' addresses hold the patient's secret: no other site learns it from a link.
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('Cache-Control', 'no-store');
    response.type('html').sendFile(file, { root: PUBLIC_FOLDER });
  }
}
