import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RemittanceJobs } from '@app/payments-and-claims';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  CLAIMING_TERMINAL,
  type Body,
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createProvider,
  createTenant,
  created,
  orgPath,
  postJson,
  SIGNED_ASSIGNMENT,
  sql,
  type Tenant,
} from './support/fixtures.js';
import { expectNotFound, expectProblem } from './support/problems.js';
import { PAST_YEAR } from './support/future-year.js';

// The payers pay a claim the day it was lodged here (TEST_REMITTANCE_DELAY_BUSINESS_DAYS=0), so a
// fetch right after a check-out finds it paid, on any day of the week. Each clinic is its own
// business: a fetch takes every claim of its business.

const BUPA = '0193a6f2-0001-7000-8000-000000000002';
const PROVIDER_NUMBER = '2429591L';
const MEDICARE_APPROVED = '2123456701';
const MEDICARE_PAID_SHORT = '6000000881';
const FUND_PAID_SHORT = '99990008';

let t: TestApp;
let home: Tenant;

beforeAll(async () => {
  t = await createTestApp({ TEST_REMITTANCE_DELAY_BUSINESS_DAYS: '0' });
  home = await createTenant(t, 'Remittance Clinic');
});

afterAll(async () => {
  await t?.close();
});

interface Patient {
  client: Body;
  visa: Body;
  fund: Body;
  medicare: Body;
}

interface Clinic {
  businessId: string;
  patient(numbers?: { member?: string; medicare?: string }): Promise<Patient>;
  checkOut(who: Patient, type: 'physio' | 'gp', body: Body): Promise<Body>;
}

let nextSlot = 0;
let nextMember = 0;
async function clinic(settings: Body = {}): Promise<Clinic> {
  const business = await createBusiness(t, home.id, { settings });
  const location = await createLocation(t, home.id, business.id, { terminalIds: [CLAIMING_TERMINAL] });
  const provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id, { medicare: { providerNumber: PROVIDER_NUMBER } });
  const offered = { providers: [provider.id], locations: [location.id] };
  const types = {
    physio: await createAppointmentType(t, home.id, {
      ...offered,
      price: 9500,
      billableItems: [{ name: 'Initial physiotherapy consultation', basePrice: 9500, itemCode: '500' }],
    }),
    gp: await createAppointmentType(t, home.id, {
      ...offered,
      price: 8290,
      billableItems: [{ name: 'GP consultation level C', basePrice: 8290, itemCode: '36' }],
    }),
  };
  return {
    businessId: business.id,
    async patient(numbers = {}) {
      const client = await createClient(t, home.id);
      const card = (body: Body) =>
        created(postJson(t, orgPath(home.id, `/clients/${client.id}/wallet/cards`), body, home.auth));
      return {
        client,
        visa: await card({ type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } }),
        fund: await card({
          type: 'health_fund_card',
          healthFundCard: {
            healthFundId: BUPA,
            memberNumber: numbers.member ?? `4100${String(nextMember++).padStart(4, '0')}`,
            defaultReferenceNumber: '01',
          },
        }),
        medicare: await card({
          type: 'medicare_card',
          medicareCard: {
            memberNumber: numbers.medicare ?? MEDICARE_APPROVED,
            referenceNumber: '1',
            firstName: 'Alex',
            lastName: 'Chen',
            dateOfBirth: '1990-04-02',
          },
        }),
      };
    },
    // Of a service last year: a payer pays only for a service that happened.
    async checkOut(who, type, body) {
      const serviceDate = new Date(Date.UTC(PAST_YEAR, 3, 1) + nextSlot++ * 3_600_000).toISOString();
      const booking = await created(
        postJson(
          t,
          orgPath(home.id, '/bookings'),
          {
            clientId: who.client.id,
            providerId: provider.id,
            locationId: location.id,
            appointmentTypeId: types[type].id,
            serviceDate,
          },
          home.auth,
        ),
      );
      return created(postJson(t, orgPath(home.id, `/bookings/${booking.id}/transactions`), body, home.auth));
    },
  };
}

const fundClaimOf = (who: Patient) => ({
  healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
  payment: { paymentMethodId: who.visa.id },
});
const bulkBillOf = (who: Patient) => ({
  medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
});

const fetchRemittances = async (businessId: string) =>
  (
    await t
      .http()
      .post(`/v1/businesses/${businessId}/remittances/fetch`)
      .set('Authorization', t.platformAuth)
      .expect(200)
  ).body.items as Body[];
const get = async (path: string, auth = home.auth) =>
  (await t.http().get(path).set('Authorization', auth).expect(200)).body;
const remittancesOf = (businessId: string, query = '') =>
  get(`/v1/businesses/${businessId}/remittances${query}`).then((page) => page.items as Body[]);
const claimsOf = (businessId: string, remittanceId: string) =>
  get(`/v1/businesses/${businessId}/remittances/${remittanceId}/claims`).then((page) => page.items as Body[]);
const reconcile = (businessId: string, remittanceId: string) =>
  t.http().post(`/v1/businesses/${businessId}/remittances/${remittanceId}/reconcile`).set('Authorization', home.auth);
const transaction = (id: string) => get(orgPath(home.id, `/transactions/${id}`));
const claimPart = (sale: Body, source: string) =>
  (sale.paymentTransactions as Body[]).find((part) => part.source === source)!;

describe('remittances from the payers', () => {
  it('pays each payer and payee once, with the approved benefits, however often it is asked', async () => {
    const c = await clinic();
    const [ann, ben] = [await c.patient(), await c.patient()];
    const fundSale = await c.checkOut(ann, 'physio', fundClaimOf(ann));
    const secondFundSale = await c.checkOut(ben, 'physio', fundClaimOf(ben));
    const bulkBill = await c.checkOut(ann, 'gp', bulkBillOf(ann));
    // A patient claim's benefit goes to the patient: no payer pays the business for it.
    await c.checkOut(ben, 'gp', {
      medicareClaim: { type: 'patient_claim', patientMedicareCardId: ben.medicare.id },
      payment: { paymentMethodId: ben.visa.id },
    });
    const fundBenefit = (sale: Body) => claimPart(sale, 'health_fund_claim').amount as number;

    const made = await fetchRemittances(c.businessId);
    expect(made.map((r) => [r.payer, r.payeeProviderNumber, r.claimCount, r.amount, r.status])).toEqual(
      expect.arrayContaining([
        [
          { type: 'health_fund', name: expect.any(String) },
          PROVIDER_NUMBER,
          2,
          fundBenefit(fundSale) + fundBenefit(secondFundSale),
          'unreconciled',
        ],
        [{ type: 'medicare', name: 'Medicare' }, PROVIDER_NUMBER, 1, 8290, 'unreconciled'],
      ]),
    );
    expect(made).toHaveLength(2);
    for (const remittance of made) {
      expect(remittance.expectedAmount).toBe(remittance.amount);
      expect(remittance.paymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(remittance.bankAccountBsb).toMatch(/^\d{3}-\d{3}$/);
      expect(remittance.bankAccountNumberLast4).toMatch(/^\d{4}$/);
    }

    // Asked again: nothing new is paid, nothing is made twice.
    expect(await fetchRemittances(c.businessId)).toEqual([]);
    expect(await remittancesOf(c.businessId)).toHaveLength(2);

    const medicare = made.find((r) => r.payer.type === 'medicare')!;
    const paid = await claimsOf(c.businessId, medicare.id);
    expect(paid).toEqual([
      expect.objectContaining({
        id: claimPart(bulkBill, 'medicare_claim').id,
        source: 'medicare_claim',
        settledBy: 'payer',
        amount: 8290,
        paidAmount: 8290,
        medicareClaim: expect.objectContaining({ type: { code: 'bulk_bill', name: 'Bulk bill' } }),
      }),
    ]);
    expect(await get(`/v1/businesses/${c.businessId}/remittances/${medicare.id}`)).toEqual(medicare);
  });

  it('makes each remittance once when asked twice at once with claims waiting', async () => {
    const c = await clinic();
    const [ann, ben] = [await c.patient(), await c.patient()];
    await c.checkOut(ann, 'physio', fundClaimOf(ann));
    await c.checkOut(ben, 'physio', fundClaimOf(ben));
    await c.checkOut(ann, 'gp', bulkBillOf(ann));
    const [one, other] = await Promise.all([fetchRemittances(c.businessId), fetchRemittances(c.businessId)]);
    const made = [...one, ...other];
    expect(made.map((r) => [r.payer.type, r.claimCount]).sort()).toEqual([
      ['health_fund', 2],
      ['medicare', 1],
    ]);
    expect(await remittancesOf(c.businessId)).toHaveLength(2);
    const [{ claims }] = await sql<{ claims: number }>(
      t,
      'select count(*)::int as claims from payment_transactions where business_id = ? and remittance_id is not null',
      [c.businessId],
    );
    expect(claims).toBe(3);
  });

  it('waits as unreconciled until the business reconciles it, and then records each claim paid', async () => {
    const c = await clinic({ autoReconciliationEnabled: false });
    const who = await c.patient();
    const sale = await c.checkOut(who, 'physio', fundClaimOf(who));
    const [remittance] = await fetchRemittances(c.businessId);
    expect(remittance.status).toBe('unreconciled');
    const before = await transaction(sale.id);
    expect(claimPart(before, 'health_fund_claim').claim.payment).toBeNull();
    expect(await remittancesOf(c.businessId, '?status=unreconciled')).toEqual([remittance]);
    expect(await remittancesOf(c.businessId, '?status=reconciled')).toEqual([]);

    const answer = await reconcile(c.businessId, remittance.id).expect(200);
    expect(answer.body).toMatchObject({ id: remittance.id, status: 'reconciled' });
    // The claim changed: its transaction is read again by a sync client.
    expect((await transaction(sale.id)).updatedAt > before.updatedAt).toBe(true);
    expect(claimPart(await transaction(sale.id), 'health_fund_claim').claim.payment).toEqual({
      paymentAmount: remittance.amount,
      bankAccountBsb: remittance.bankAccountBsb,
      bankAccountNumberLast4: remittance.bankAccountNumberLast4,
      paymentReference: remittance.paymentReference,
      paymentDate: `${remittance.paymentDate}T00:00:00.000Z`,
    });
    expectProblem(await reconcile(c.businessId, remittance.id), 409, 'remittance_reconciled');
  });

  it('reconciles a matching remittance at once when the business says so, a Medicare claim too', async () => {
    const c = await clinic({ autoReconciliationEnabled: true });
    const who = await c.patient();
    const sale = await c.checkOut(who, 'gp', bulkBillOf(who));
    const [remittance] = await fetchRemittances(c.businessId);
    expect(remittance).toMatchObject({ status: 'reconciled', amount: 8290, expectedAmount: 8290 });
    const events = await sql<{ type: string; status: string }>(
      t,
      `select type, data->>'status' as status from events where organisation_id = ? and data->>'id' = ? order by created_at, id`,
      [home.id, remittance.id],
    );
    // What arrived, then what the setting decided of it.
    expect(events.map((event) => [event.type, event.status])).toEqual([
      ['remittance.received', 'unreconciled'],
      ['remittance.reconciled', 'reconciled'],
    ]);
    expect((await transaction(sale.id)).updatedAt > sale.updatedAt).toBe(true);
    expect(claimPart(await transaction(sale.id), 'medicare_claim').medicareClaim.paymentStatus).toEqual({
      code: 'paid_to_provider',
      name: 'Paid to provider',
      payment: expect.objectContaining({ paymentAmount: 8290, paymentReference: remittance.paymentReference }),
    });
  });

  it('leaves a remittance paying another amount as a discrepancy, and reconciling it takes the payer at its word', async () => {
    const c = await clinic({ autoReconciliationEnabled: true });
    const short = await c.patient({ member: FUND_PAID_SHORT, medicare: MEDICARE_PAID_SHORT });
    const full = await c.patient();
    const shortSale = await c.checkOut(short, 'physio', fundClaimOf(short));
    const fullSale = await c.checkOut(full, 'physio', fundClaimOf(full));
    await c.checkOut(short, 'gp', bulkBillOf(short));
    const benefit = (sale: Body) => claimPart(sale, 'health_fund_claim').amount as number;

    const made = await fetchRemittances(c.businessId);
    const fund = made.find((r) => r.payer.type === 'health_fund')!;
    const medicare = made.find((r) => r.payer.type === 'medicare')!;
    expect(fund).toMatchObject({
      status: 'discrepancy',
      expectedAmount: benefit(shortSale) + benefit(fullSale),
      amount: benefit(shortSale) + benefit(fullSale) - 500,
    });
    expect(medicare).toMatchObject({ status: 'discrepancy', expectedAmount: 8290, amount: 7790 });
    const paid = await claimsOf(c.businessId, fund.id);
    expect(Object.fromEntries(paid.map((row) => [row.id, [row.amount, row.paidAmount]]))).toEqual({
      [claimPart(shortSale, 'health_fund_claim').id]: [benefit(shortSale), benefit(shortSale) - 500],
      [claimPart(fullSale, 'health_fund_claim').id]: [benefit(fullSale), benefit(fullSale)],
    });

    await reconcile(c.businessId, fund.id).expect(200);
    const recorded = claimPart(await transaction(shortSale.id), 'health_fund_claim').claim.payment;
    expect(recorded.paymentAmount).toBe(benefit(shortSale) - 500);
    expect((await get(`/v1/businesses/${c.businessId}/remittances/${medicare.id}`)).status).toBe('discrepancy');
  });

  it('pays no voided claim, and a claim its payer has paid cannot be voided', async () => {
    const c = await clinic();
    const [voided, kept] = [await c.patient(), await c.patient()];
    const voidedSale = await c.checkOut(voided, 'physio', fundClaimOf(voided));
    const voidPath = (sale: Body, claimId: string) =>
      orgPath(home.id, `/transactions/${sale.id}/claims/${claimId}/void`);
    const voidedClaim = claimPart(voidedSale, 'health_fund_claim').claimId;
    await t.http().post(voidPath(voidedSale, voidedClaim)).set('Authorization', home.auth).expect(200);
    const keptSale = await c.checkOut(kept, 'gp', bulkBillOf(kept));

    const made = await fetchRemittances(c.businessId);
    expect(made.map((r) => [r.payer.type, r.claimCount])).toEqual([['medicare', 1]]);

    const keptClaim = claimPart(keptSale, 'medicare_claim').medicareClaimId;
    expectProblem(
      await t.http().post(voidPath(keptSale, keptClaim)).set('Authorization', home.auth),
      409,
      'claim_not_voidable',
    );
    expect(claimPart(await transaction(keptSale.id), 'medicare_claim').adjustmentTransactions).toEqual([]);
  });

  it("keeps a business's remittances its own, and asking the payers to the platform", async () => {
    // Another organisation's key reaches no business of this one (403); this organisation's key
    // finds no remittance under its other business (404).
    const c = await clinic();
    const who = await c.patient();
    await c.checkOut(who, 'physio', fundClaimOf(who));
    const [remittance] = await fetchRemittances(c.businessId);
    const stranger = await createTenant(t, 'Other Clinic');
    for (const path of [
      `/v1/businesses/${c.businessId}/remittances`,
      `/v1/businesses/${c.businessId}/remittances/${remittance.id}`,
      `/v1/businesses/${c.businessId}/remittances/${remittance.id}/claims`,
    ])
      expectProblem(await t.http().get(path).set('Authorization', stranger.auth), 403, 'forbidden');
    expectProblem(await reconcile(c.businessId, remittance.id).set('Authorization', stranger.auth), 403, 'forbidden');
    const other = await clinic();
    for (const path of [
      `/v1/businesses/${other.businessId}/remittances/${remittance.id}`,
      `/v1/businesses/${other.businessId}/remittances/${remittance.id}/claims`,
    ])
      expectNotFound(await t.http().get(path).set('Authorization', home.auth));
    expectNotFound(await reconcile(other.businessId, remittance.id));
    expectProblem(
      await t.http().post(`/v1/businesses/${c.businessId}/remittances/fetch`).set('Authorization', home.auth),
      403,
      'forbidden',
    );
  });

  it('asks the payers once per business and day, from the daily job on two instances', async () => {
    const second = await createTestApp({ TEST_REMITTANCE_DELAY_BUSINESS_DAYS: '0' });
    try {
      const c = await clinic();
      const who = await c.patient();
      await c.checkOut(who, 'physio', fundClaimOf(who));
      await Promise.all([
        t.app.get(RemittanceJobs).queueFetches([c.businessId]),
        second.app.get(RemittanceJobs).queueFetches([c.businessId]),
      ]);
      const deadline = Date.now() + 15_000;
      while ((await remittancesOf(c.businessId)).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await remittancesOf(c.businessId)).toEqual([expect.objectContaining({ claimCount: 1 })]);

      // Today's job for the business has run: queued again today, it asks nothing; the route still does.
      await c.checkOut(who, 'gp', bulkBillOf(who));
      await t.app.get(RemittanceJobs).queueFetches([c.businessId]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await remittancesOf(c.businessId)).toHaveLength(1);
      expect(await fetchRemittances(c.businessId)).toEqual([expect.objectContaining({ claimCount: 1 })]);
    } finally {
      await second.close();
    }
  });
});
