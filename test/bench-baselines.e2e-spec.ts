import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import { BOOKING_EXPANSIONS } from '@app/scheduling';
import { countStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  SIGNED_ASSIGNMENT,
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
  RUN,
  sql,
} from './support/fixtures.js';
import { FUTURE_YEAR, PAST_YEAR } from './support/future-year.js';

type Page = { page: number; limit: number };
type Queries = {
  providers(organisationId: string, page: Page): Promise<object>;
  bookings(organisationId: string, page: Page, expansion?: Set<string>): Promise<object>;
  payoutTransactions(businessId: string, payoutId: string, page: Page): Promise<object>;
};

interface Baselines {
  createPool(connectionString: string, max?: number): Pool;
  loadStatements(databaseUrl: string, importModule: (path: string) => Promise<unknown>): Promise<object>;
  createQueries(pool: Pool, statements: object): Queries;
  expansionOf(expand: string): Set<string>;
  pageJson(page: object): string;
}

interface Writes {
  loadJobStatement(pool: Pool, schema: string): Promise<string>;
  createWrites(
    pool: Pool,
    statements: object,
    jobStatement: string,
  ): {
    createBooking(organisationId: string, body: Body): Promise<string>;
    cancelBooking(organisationId: string, bookingId: string): Promise<string>;
  };
}

type Recorded = { statements: string[]; names: (string | undefined)[] };
interface StatementsModule {
  writeShape(recorded: { texts: string[]; names: (string | null | undefined)[] }): {
    outside: string[];
    transaction: string[];
  };
}

const BUPA = '0193a6f2-0001-7000-8000-000000000002';
const JOBS = `pgboss_bench_${RUN}`;
/** Every expansion of a booking, as scenario C asks for them. */
const ALL_EXPANSIONS = BOOKING_EXPANSIONS.join(',');

// The benchmark's baselines (bench/baselines/queries.mjs) copy the read paths of scenarios A, B, C
// and E on bare `pg`. They must send the service's statements and answer its bytes; the harness checks
// that only when the benchmark runs, so the copies are checked here on every test run.
describe('the bench baselines against the service', () => {
  let app: TestApp;
  let module: Baselines;
  let baselines: Queries;
  let pool: Pool;
  let organisationId: string;
  let businessId: string;
  let payoutId: string;
  let writes: ReturnType<Writes['createWrites']>;
  let shapes: StatementsModule;
  let place: Body;

  beforeAll(async () => {
    // No job workers, and jobs of its own: the statements of a job that a write queued (notifications)
    // must not land among the next request's, and the job rows each write left are read back.
    app = await createTestApp({ JOB_WORKERS: 'false', JOBS_SCHEMA: JOBS });
    // `as string` keeps TypeScript from resolving the untyped .mjs module; the cast to Baselines types it.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    module = (await import('../bench/baselines/queries.mjs' as string)) as Baselines;
    pool = module.createPool(process.env.DATABASE_URL!);
    // The sources, where the benchmark loads the built `dist/`: the same read models either way.
    const statements = await module.loadStatements(process.env.DATABASE_URL!, (path) => import(`../${path}`));
    baselines = module.createQueries(pool, statements);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    const writesModule = (await import('../bench/baselines/writes.mjs' as string)) as Writes;
    writes = writesModule.createWrites(pool, statements, await writesModule.loadJobStatement(pool, JOBS));
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    shapes = (await import('../bench/lib/statements.mjs' as string)) as StatementsModule;

    // A clinic with every part an expansion or a payout listing shows: registrations and terminals, a business,
    // a provider number, billable items with a service item, cards, and check-outs with a fund
    // claim and a card, with Medicare, a refund, and a payout of them all. The claimed services
    // happened last year (a payer pays only for those); the third booking is still to come.
    ({ id: organisationId } = await createOrganisation(app, 'Bench Copy Clinic'));
    const business = await createBusiness(app, organisationId);
    businessId = business.id as string;
    const location = await createLocation(app, organisationId, businessId, {
      registrations: [
        { medicare: { minorId: '01', status: 'active' }, phi: { phiLocationId: 'HICAPS-88213', status: 'active' } },
      ],
      terminalIds: ['HICAPS-T-0042'],
    });
    const provider = await createProvider(app, organisationId);
    await createLink(app, organisationId, provider.id, location.id, { medicare: { providerNumber: '2429591L' } });
    const offered = { providers: [provider.id], locations: [location.id] };
    const physio = await createAppointmentType(app, organisationId, {
      ...offered,
      price: 12000,
      billableItems: [
        {
          name: 'Initial physiotherapy consultation',
          basePrice: 9500,
          itemCode: '500',
          serviceItem: { itemCode: '560' },
        },
        { name: 'Exercise band', basePrice: 2500 },
      ],
    });
    const gp = await createAppointmentType(app, organisationId, {
      ...offered,
      price: 8290,
      billableItems: [{ name: 'GP consultation level C', basePrice: 8290, itemCode: '36' }],
    });
    const client = await createClient(app, organisationId);
    const card = (body: Body) =>
      created(postJson(app, orgPath(organisationId, `/clients/${client.id}/wallet/cards`), body));
    const visa = await card({ type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } });
    const fund = await card({
      type: 'health_fund_card',
      healthFundCard: { healthFundId: BUPA, memberNumber: '40012345', defaultReferenceNumber: '01' },
    });
    const medicare = await card({
      type: 'medicare_card',
      medicareCard: {
        memberNumber: '2123456701',
        referenceNumber: '1',
        firstName: 'Alex',
        lastName: 'Chen',
        dateOfBirth: '1990-04-02',
      },
    });
    const book = (serviceDate: string, type: Body, cards: Body = {}) =>
      created(
        postJson(app, orgPath(organisationId, '/bookings'), {
          clientId: client.id,
          providerId: provider.id,
          locationId: location.id,
          appointmentTypeId: type.id,
          serviceDate,
          ...cards,
        }),
      );
    const checkOut = (bookingId: string, body: Body) =>
      created(postJson(app, orgPath(organisationId, `/bookings/${bookingId}/transactions`), body));
    const claimed = await book(`${PAST_YEAR}-08-02T09:00:00.000Z`, physio, {
      paymentMethodId: visa.id,
      healthFundCardId: fund.id,
    });
    const sale = await checkOut(claimed.id, {
      healthFundClaim: { healthFundCardId: fund.id, terminalId: 'HICAPS-T-0042' },
      payment: { paymentMethodId: visa.id },
    });
    const cardPart = (sale.paymentTransactions as Body[]).find((part) => part.source === 'payment')!;
    await created(
      postJson(app, orgPath(organisationId, `/payment-transactions/${cardPart.id}/refunds`), { amount: 500 }),
    );
    const bulkBilled = await book(`${PAST_YEAR}-08-03T09:00:00.000Z`, gp);
    await checkOut(bulkBilled.id, {
      medicareClaim: { type: 'bulk_bill', patientMedicareCardId: medicare.id, assignment: SIGNED_ASSIGNMENT },
    });
    await book(`${FUTURE_YEAR}-08-04T09:00:00.000Z`, physio);
    ({ id: payoutId } = await created(postJson(app, `/v1/businesses/${businessId}/payouts`)));
    place = { clientId: client.id, providerId: provider.id, locationId: location.id, appointmentTypeId: physio.id };
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  /** One warm request of the service and of the copy, each with the statements it sent and its bytes. */
  async function compare(path: string, copy: () => Promise<string>) {
    const get = () => app.http().get(path).set('Authorization', app.platformAuth).expect(200);
    // Warm both (each remembers that the organisation exists), then record one request of each.
    await get();
    await copy();
    let serviceBody = '';
    let copyBody = '';
    const service = await countStatements(async () => (serviceBody = (await get()).text));
    const baseline = await countStatements(async () => (copyBody = await copy()));
    // Sent the same way too: under the same prepared-statement names (or both unnamed).
    const sent = ({ statements, names }: { statements: string[]; names: (string | undefined)[] }) =>
      statements.map((text, index) => `${names[index] ?? 'unnamed'} ${text}`).sort();
    return { service: sent(service), baseline: sent(baseline), serviceBody, copyBody };
  }

  const reads = {
    'A providers': () =>
      compare(orgPath(organisationId, '/providers?limit=20'), async () =>
        JSON.stringify(await baselines.providers(organisationId, { page: 1, limit: 20 })),
      ),
    'B bookings': () =>
      compare(orgPath(organisationId, '/bookings?limit=20'), async () =>
        JSON.stringify(await baselines.bookings(organisationId, { page: 1, limit: 20 })),
      ),
    'C bookings with every expansion': () =>
      compare(orgPath(organisationId, `/bookings?limit=200&expand=${ALL_EXPANSIONS}`), async () =>
        module.pageJson(
          await baselines.bookings(organisationId, { page: 1, limit: 200 }, module.expansionOf(ALL_EXPANSIONS)),
        ),
      ),
    'E payout transactions': () =>
      compare(`/v1/businesses/${businessId}/payouts/${payoutId}/transactions?limit=200`, async () =>
        JSON.stringify(await baselines.payoutTransactions(businessId, payoutId, { page: 1, limit: 200 })),
      ),
  };

  it.each(Object.keys(reads) as (keyof typeof reads)[])(
    '%s: the same statements, byte-identical JSON',
    async (name) => {
      const { service, baseline, serviceBody, copyBody } = await reads[name]();
      expect(baseline).toEqual(service);
      expect(service.every((sent) => sent.startsWith('select_'))).toBe(true);
      expect(copyBody).toBe(serviceBody);
      expect(JSON.parse(serviceBody).items).toHaveLength(
        { 'A providers': 1, 'B bookings': 3, 'C bookings with every expansion': 3, 'E payout transactions': 3 }[name],
      );
    },
  );

  it('C: the answer compared holds every expanded part, so the copy of each is checked', async () => {
    const { serviceBody } = await reads['C bookings with every expansion']();
    const [, , claimed] = JSON.parse(serviceBody).items as Body[];
    expect(claimed).toMatchObject({
      location: {
        business: { id: businessId },
        registrations: [{ medicare: { minorId: '01' }, phi: { phiLocationId: 'HICAPS-88213' } }],
        terminalIds: ['HICAPS-T-0042'],
      },
      appointmentType: { billableItems: [{ serviceItem: { itemCode: '560' } }, { serviceItem: null }] },
      paymentMethod: { brand: expect.any(String) },
      healthFundCard: { healthFund: { id: BUPA } },
      providerLocationLink: { medicare: { providerNumber: '2429591L' } },
      // Its service was last year: long past the hours a cancellation is free (the copy computes it alike).
      cancellationPolicy: { fee: { billable: true } },
      latestTransaction: {
        transactionItems: [
          { billableItem: { itemCode: '500', serviceItem: { itemCode: '560' } } },
          { billableItem: { serviceItem: null } },
        ],
        healthFundCard: { healthFund: { id: BUPA } },
      },
      pmsAttendeeId: null,
    });
    expect((claimed.latestTransaction as Body).paymentTransactions.map((part: Body) => part.source).sort()).toEqual([
      'health_fund_claim',
      'payment',
    ]);
  });

  it('E: the payout compared lists a fund claim, a Medicare claim with its card, a card payment and its refund', async () => {
    const { serviceBody } = await reads['E payout transactions']();
    const items = JSON.parse(serviceBody).items as Body[];
    expect(items.map((item) => item.source).sort()).toEqual(['health_fund_claim', 'medicare_claim', 'payment']);
    expect(items.find((item) => item.source === 'health_fund_claim')!.claim).toMatchObject({
      healthFund: { name: expect.any(String) },
    });
    expect(items.find((item) => item.source === 'medicare_claim')!.medicareClaim).toMatchObject({
      patientMedicareCard: { referenceNumber: '1' },
    });
    expect(items.find((item) => item.source === 'payment')!.adjustmentTransactions).toMatchObject([
      { amount: -500, payoutId },
    ]);
  });
  describe('G: making and cancelling a booking', () => {
    let slot = 0;
    /** A booking in a free hour of the year after next, marked as the bench marks its own. */
    const booking = () => ({
      ...place,
      serviceDate: new Date(Date.UTC(FUTURE_YEAR + 1, 0, 3, 0) + slot++ * 3_600_000).toISOString(),
      pmsBookingId: `bench-copy-${slot}`,
    });
    const service = {
      create: async (body: Body) => (await postJson(app, orgPath(organisationId, '/bookings'), body).expect(201)).text,
      cancel: async (id: string) =>
        (await postJson(app, orgPath(organisationId, `/bookings/${id}/cancel`)).expect(200)).text,
    };
    const copy = {
      create: (body: Body) => writes.createBooking(organisationId, body),
      cancel: (id: string) => writes.cancelBooking(organisationId, id),
    };

    /** One warm create and cancel of `side`, each with the statements it sent and its answer. */
    async function makeAndCancel(side: typeof service) {
      await side.cancel(JSON.parse(await side.create(booking())).id);
      let made = '';
      let cancelled = '';
      const create = await countStatements(async () => (made = await side.create(booking())));
      const cancel = await countStatements(async () => (cancelled = await side.cancel(JSON.parse(made).id)));
      const shape = ({ statements, names }: Recorded) => shapes.writeShape({ texts: statements, names });
      return {
        create: shape(create),
        cancel: shape(cancel),
        made: JSON.parse(made) as Body,
        cancelled: JSON.parse(cancelled) as Body,
      };
    }

    /** What two bookings of the same place share: everything but their own id, times and marker. */
    const shared = (answer: Body) => ({
      ...answer,
      id: '…',
      createdAt: '…',
      updatedAt: '…',
      serviceDate: '…',
      cancelledAt: answer.cancelledAt && '…',
      pmsBookingId: '…',
    });
    /** The rows a booking's create and cancel wrote: its own row, its events and their jobs, without what is its own. */
    async function rowsOf(bookingId: string) {
      const [row] = await sql(app, 'select * from bookings where id = ?', [bookingId]);
      const events = await sql(
        app,
        "select id, type, data, previous from events where data->>'id' = ? order by created_at, id",
        [bookingId],
      );
      const jobs = await sql(
        app,
        `select id, name, data, priority, state from ${JOBS}.job where data->>'bookingId' = ? order by created_on, id`,
        [bookingId],
      );
      expect(jobs.map((job) => job.data.eventId)).toEqual(events.map((event) => event.id));
      return {
        row: {
          ...row,
          id: '…',
          service_date: '…',
          ends_at: new Date(row.ends_at).getTime() - new Date(row.service_date).getTime(),
          cancelled_at: '…',
          created_at: '…',
          updated_at: '…',
          pms_booking_id: '…',
        },
        events: events.map((event) => ({
          type: event.type as string,
          previous: event.previous as unknown,
          data: shared(event.data as Body),
        })),
        jobs: jobs.map((job) => ({ ...job, id: '…', data: { ...job.data, bookingId: '…', eventId: '…' } })),
      };
    }

    it("sends the service's statements (its transaction in the same order), answers alike and writes the same rows", async () => {
      const theService = await makeAndCancel(service);
      const theCopy = await makeAndCancel(copy);

      expect(theCopy.create).toEqual(theService.create);
      expect(theCopy.cancel).toEqual(theService.cancel);
      expect(theService.create.transaction[0]).toBe('unnamed begin');
      expect(shared(theCopy.made)).toEqual(shared(theService.made));
      expect(shared(theCopy.cancelled)).toEqual(shared(theService.cancelled));
      expect(theCopy.cancelled).toMatchObject({
        id: theCopy.made.id,
        status: 'cancelled',
        createdAt: theCopy.made.createdAt,
      });
      const [serviceRows, copyRows] = await Promise.all([
        rowsOf(theService.made.id as string),
        rowsOf(theCopy.made.id as string),
      ]);
      expect(copyRows).toEqual(serviceRows);
      expect(serviceRows.events.map((event) => event.type)).toEqual(['booking.created', 'booking.cancelled']);
    });
  });
});
