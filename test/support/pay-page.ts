import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loopbackContext } from './chromium.js';
import {
  type Body,
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createOrganisation,
  createProvider,
  created,
  orgPath,
  postJson,
  sql,
} from './fixtures.js';
import type { TestApp } from './test-app.js';

// What the pay page's browser tests share, on either processor: the clinic whose links they pay, a
// page that reaches only the app under test, and how they look at it.

/** 22:00 UTC (in Sydney the next morning: 09:00 in summer, 08:00 in winter), thirty days after the run's first day. */
const today = new Date();
const FIRST_SLOT = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 30, 22);

/**
 * Harbour Physio, whose patient Alex has an initial consultation ($95.00) with Priya Raman at Bondi
 * Junction checked out to a payment link by `openLink`. Its brand image is served by the app itself:
 * the browser reaches nothing but the app.
 */
export class PayPageClinic {
  private nextSlot = 0;

  private constructor(
    private readonly t: TestApp,
    readonly organisationId: string,
    /** The business's account at the card processor (with Stripe, its connected account), where the link's money goes. */
    readonly merchantId: string,
    private readonly ids: { clientId: string; providerId: string; locationId: string; appointmentTypeId: string },
  ) {}

  /** With the app listening at `origin`. */
  static async create(t: TestApp, origin: string): Promise<PayPageClinic> {
    const idOf = (body: Body) => body.id as string;
    const organisationId = idOf(await createOrganisation(t, 'Harbour Physio'));
    await sql(t, 'update organisations set brand_image_url = ? where id = ?', [
      `${origin}/book/assets/clinic.svg`,
      organisationId,
    ]);
    const business = await createBusiness(t, organisationId);
    const locationId = idOf(
      await createLocation(t, organisationId, idOf(business), { name: 'Bondi Junction', timeZone: 'Australia/Sydney' }),
    );
    const providerId = idOf(await createProvider(t, organisationId, { firstName: 'Priya', lastName: 'Raman' }));
    await createLink(t, organisationId, providerId, locationId);
    const type = await createAppointmentType(t, organisationId, {
      name: 'Initial consultation',
      durationMinutes: 45,
      price: 9500,
      providers: [providerId],
      locations: [locationId],
      billableItems: [{ name: 'Initial physiotherapy consultation', basePrice: 9500 }],
    });
    const clientId = idOf(await createClient(t, organisationId, { firstName: 'Alex' }));
    return new PayPageClinic(t, organisationId, business.merchantId as string, {
      clientId,
      providerId,
      locationId,
      appointmentTypeId: idOf(type),
    });
  }

  /**
   * A booking of Alex's a month or more ahead (from 22:00 UTC thirty days after the run's first), an hour
   * from every other, checked out to a payment link.
   */
  async openLink(): Promise<{ token: string; bookingId: string; linkId: string; serviceDate: string }> {
    const serviceDate = new Date(FIRST_SLOT + this.nextSlot++ * 3_600_000).toISOString();
    const booking = await created(
      postJson(this.t, orgPath(this.organisationId, '/bookings'), { ...this.ids, serviceDate }),
    );
    const bookingId = booking.id as string;
    const sale = await created(
      postJson(this.t, orgPath(this.organisationId, `/bookings/${bookingId}/transactions`), { paymentLink: {} }),
    );
    const parts = sale.paymentTransactions as Array<{ paymentLinks?: Array<{ id: string; url: string }> }>;
    const link = parts.find((part) => part.paymentLinks?.length)!.paymentLinks![0];
    return { token: link.url.split('/pay/')[1], bookingId, linkId: link.id, serviceDate };
  }

  /** The link as the page reads it. */
  async linkOf(token: string): Promise<Body> {
    return (await this.t.http().get(`/v1/payment-links/${token}`).expect(200)).body as Body;
  }

  async bookingPaid(bookingId: string): Promise<boolean> {
    const response = await this.t
      .http()
      .get(orgPath(this.organisationId, `/bookings/${bookingId}`))
      .set('Authorization', this.t.platformAuth)
      .expect(200);
    return (response.body as Body).paid as boolean;
  }
}

/** A page that reaches only `origin` (the app under test), and records every script error and refused load. */
export async function openPage(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; failures: string[] }> {
  const mobile = viewport.width < 500 ? { isMobile: true, hasTouch: true } : {};
  const context = await loopbackContext(browser, origin, { viewport, ...mobile });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('console', (message) => message.type() === 'error' && failures.push(message.text()));
  return { context, page, failures };
}

/** What axe finds serious or critical on the page. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
export const focusedId = (page: Page) => page.evaluate('document.activeElement?.id');
export const scrollWidth = (page: Page) => page.evaluate('document.documentElement.scrollWidth');
