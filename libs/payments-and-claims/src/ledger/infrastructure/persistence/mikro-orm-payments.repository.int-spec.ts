import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlReader } from '@app/shared/sql';
import { RecordedEvents } from '@app/shared/domain';
import { CheckConstraintViolationException, type MikroORM } from '@mikro-orm/postgresql';
import { SqlClientQueries } from '../../../../../membership/src/infrastructure/persistence/sql-client.queries.js';
import { SqlOrganisationQueries } from '../../../../../organisations/src/infrastructure/persistence/sql-organisation.queries.js';
import { SqlWalletCardQueries } from '../../../../../wallet/src/infrastructure/persistence/sql-wallet-card.queries.js';
import { withSlowStatements } from '../../../../../../test/support/fixtures.js';
import {
  codeOf,
  FixedClock,
  fresh,
  openTestOrm,
  Rows,
  SEEDED_HEALTH_FUND_ID,
  settle,
} from '../../../../../../test/support/orm.js';
import { AssemblePayout } from '../../../payouts/application/assemble-payout.use-case.js';
import { OwnershipChecks } from '../../application/ownership-checks.js';
import { RecordPaymentOutcome } from '../../application/record-payment-outcome.use-case.js';
import { RecordTransaction } from '../../application/record-transaction.use-case.js';
import { Claim, type NewClaim } from '../../domain/claim.js';
import { MedicareClaim } from '../../domain/medicare-claim.js';
import { PaymentTransaction } from '../../domain/payment-transaction.js';
import { Payout } from '../../domain/payout.js';
import { Transaction } from '../../domain/transaction.js';
import { MikroOrmPaymentsRepository } from './mikro-orm-payments.repository.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');
const clock = new FixedClock(NOW);

describe('MikroOrmPaymentsRepository on PostgreSQL', () => {
  let orm: MikroORM;
  let rows: Rows;
  let organisationId: string;
  let businessId: string;
  let otherBusinessId: string;
  let clientId: string;
  let medicareCardId: string;

  beforeAll(async () => {
    orm = await openTestOrm();
    rows = new Rows(orm);
    organisationId = await rows.organisation();
    [businessId, otherBusinessId, clientId] = await Promise.all([
      rows.business(organisationId),
      rows.business(organisationId),
      rows.client(organisationId),
    ]);
    medicareCardId = await rows.medicareCard(organisationId, clientId);
  });
  afterAll(() => orm?.close());

  /** Each use case as one request runs it: its own unit of work, every collaborator on the database. */
  const services = () => {
    const em = fresh(orm);
    const payments = new MikroOrmPaymentsRepository(em);
    const clients = new SqlClientQueries(new SqlReader(orm), new SqlOrganisationQueries(new SqlReader(orm)));
    const wallet = new SqlWalletCardQueries(new SqlReader(orm), clients);
    const ownership = new OwnershipChecks(new SqlOrganisationQueries(new SqlReader(orm)), clients);
    return {
      recordTransaction: new RecordTransaction(payments, ownership, wallet, clock),
      outcome: new RecordPaymentOutcome(new RecordedEvents(), payments, wallet, clock),
      assemblePayout: new AssemblePayout(payments, ownership, clock),
    };
  };

  const recordTransaction = (business = businessId) =>
    services().recordTransaction.execute(organisationId, {
      businessId: business,
      clientId,
      clientName: 'Alex Chen',
      medicareCardId,
      items: [
        {
          chargeAmount: 9500,
          description: 'Initial consultation',
          clinicalCode: null,
          itemCode: '500',
          billableItemId: null,
          appointmentTypeId: null,
          billableItem: {
            id: '0193a6f7-0000-7000-8000-0000000000b1',
            name: 'Consult',
            basePrice: 8636,
            totalPrice: 9500,
            taxAmount: 864,
            taxRate: 10,
            itemCode: '500',
            pmsBillableItemId: null,
            serviceItem: { id: null, itemCode: '500', category: 'physio', description: null },
          },
        },
        {
          chargeAmount: 1995,
          description: 'Tape',
          clinicalCode: null,
          itemCode: null,
          billableItemId: null,
          appointmentTypeId: null,
          billableItem: null,
        },
      ],
    });

  const cardPayment = (transactionId: string, amount: number, fee: number) =>
    services().outcome.cardPayment(
      organisationId,
      transactionId,
      { amount, status: 'succeeded', paymentMethodId: null, clientSecret: null },
      { platformFeeAmount: fee },
    );

  const newClaim = (charge: number, rebate: number): NewClaim => ({
    healthFundId: SEEDED_HEALTH_FUND_ID,
    referenceNumber: 'HC-0042',
    providerNumber: '2429591L',
    items: [
      {
        itemCode: '560',
        chargeAmount: charge - 1000,
        rebateAmount: rebate,
        serviceDate: NOW,
        patientReferenceNumber: '01',
      },
      { itemCode: '505', chargeAmount: 1000, rebateAmount: 0, serviceDate: NOW },
    ],
  });

  const countOf = async (table: string, id: string) =>
    (
      await fresh(orm)
        .getConnection()
        .execute<{ count: number }[]>(`select count(*)::int as count from ${table} where id = ?`, [id])
    )[0].count;

  it('loads, in a fresh unit of work, a transaction with its items and snapshots, its amount in cents', async () => {
    const transaction = await recordTransaction();

    const loaded = await new MikroOrmPaymentsRepository(fresh(orm)).findTransaction(organisationId, transaction.id);
    expect(loaded).toEqual(transaction);
    expect(loaded).toBeInstanceOf(Transaction);
    expect({ amount: loaded?.amount, currency: loaded?.currency, customerName: loaded?.customerName }).toEqual({
      amount: 11_495,
      currency: 'AUD',
      customerName: 'Alex Chen',
    });
    expect([loaded?.bookingId, loaded?.paymentMethodId, loaded?.serviceProviderId, loaded?.locationId]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(
      await new MikroOrmPaymentsRepository(fresh(orm)).findTransaction(await rows.organisation(), transaction.id),
    ).toBeNull();
  });

  it('loads a health fund claim and its payment transaction, saved together', async () => {
    const transaction = await recordTransaction();
    const { claim, paymentTransaction } = await services().outcome.healthFundClaim(
      organisationId,
      transaction.id,
      newClaim(11_495, 6_000),
      {
        platformFeeAmount: 120,
        events: [{ createdAt: NOW.toISOString(), createdBy: 'system' }],
        paymentLinks: [
          {
            url: 'https://pay.example.com/l/1',
            createdAt: NOW.toISOString(),
            expiresAt: '2026-11-29T05:28:59.123Z',
            events: [],
          },
        ],
      },
    );

    const em = fresh(orm);
    const [loadedClaim, loadedPayment] = await Promise.all([
      em.fork().findOneOrFail(Claim, { id: claim.id }),
      em.fork().findOne(PaymentTransaction, { id: paymentTransaction.id, organisationId }),
    ]);
    expect(loadedClaim).toEqual(claim);
    expect({
      charge: loadedClaim.totalChargeAmount,
      rebate: loadedClaim.totalRebateAmount,
      gap: loadedClaim.totalGapAmount,
    }).toEqual({
      charge: 11_495,
      rebate: 6_000,
      gap: 5_495,
    });
    expect([loadedClaim.payment, loadedClaim.cancelledAt, loadedClaim.voidedAt]).toEqual([null, null, null]);
    expect(loadedPayment).toEqual(paymentTransaction);
    expect(loadedPayment).toBeInstanceOf(PaymentTransaction);
    expect({
      source: loadedPayment?.source,
      amount: loadedPayment?.amount,
      claimId: loadedPayment?.claimId,
      payoutId: loadedPayment?.payoutId,
    }).toEqual({
      source: 'health_fund_claim',
      amount: 6_000,
      claimId: claim.id,
      payoutId: null,
    });
  });

  it('loads a Medicare claim and its payment transaction', async () => {
    const transaction = await recordTransaction();
    const { claim, paymentTransaction } = await services().outcome.medicareClaim(
      organisationId,
      transaction.id,
      {
        reference: 'MC-7',
        type: { code: 'bulk_bill', name: 'Bulk bill' },
        paymentStatus: { code: 'paid' },
        items: [{ itemCode: '10960', chargeAmount: 7_500, rebateAmount: 5_635 }],
        patientMedicareCardId: medicareCardId,
        mcolTransactionId: 'MCOL-1',
      },
      { platformFeeAmount: 0 },
    );

    const loadedClaim = await fresh(orm).findOneOrFail(MedicareClaim, { id: claim.id });
    expect(loadedClaim).toEqual(claim);
    expect({
      gap: loadedClaim.totalGapAmount,
      itemsCount: loadedClaim.itemsCount,
      claimant: loadedClaim.claimantMedicareCardId,
    }).toEqual({
      gap: 1_865,
      itemsCount: 1,
      claimant: null,
    });
    expect(await fresh(orm).findOne(PaymentTransaction, { id: paymentTransaction.id, organisationId })).toEqual(
      paymentTransaction,
    );
  });

  it('loads a payout that adds up, to the cent, its transactions less fees plus adjustments, and marks them paid out', async () => {
    const transaction = await recordTransaction();
    const [first, second] = [
      await cardPayment(transaction.id, 11_495, 287),
      await cardPayment(transaction.id, 5_000, 125),
    ];
    await services().outcome.adjustment(organisationId, second.id, { source: 'refund', amount: -1_250 });
    const payout = await services().assemblePayout.execute(organisationId, businessId, [first.id, second.id], {
      arrivalDate: '2026-11-25',
    });

    const loaded = await fresh(orm).findOneOrFail(Payout, { id: payout.id });
    expect(loaded).toEqual(payout);
    expect({
      amount: loaded.amount,
      arrivalDate: loaded.arrivalDate,
      count: loaded.transactionCount,
      status: loaded.status,
    }).toEqual({
      amount: 11_495 - 287 + 5_000 - 125 - 1_250,
      arrivalDate: '2026-11-25',
      count: 2,
      status: 'pending',
    });
    const paidOut = await fresh(orm).find(PaymentTransaction, {
      organisationId,
      businessId,
      id: { $in: [first.id, second.id] },
    });
    expect(paidOut.map((payment) => payment.payoutId)).toEqual([payout.id, payout.id]);
    expect(paidOut.find((payment) => payment.id === second.id)?.adjustments).toEqual([
      { id: expect.any(String), createdAt: NOW.toISOString(), source: 'refund', amount: -1_250, payoutId: payout.id },
    ]);
  });

  it('pays out payment transactions only of the business and organisation asked for', async () => {
    const [ours, theirs] = await Promise.all([recordTransaction(), recordTransaction(otherBusinessId)]);
    const [own, other] = [await cardPayment(ours.id, 1_000, 10), await cardPayment(theirs.id, 2_000, 20)];

    /** What `payOut` hands to `assemble`; assembling is then refused, so nothing is saved. */
    const handed = async (organisation: string, ids: string[]) => {
      let seen: PaymentTransaction[] = [];
      const refused = new Error('only looking');
      await expect(
        new MikroOrmPaymentsRepository(fresh(orm)).payOut(organisation, businessId, ids, (transactions) => {
          seen = transactions;
          throw refused;
        }),
      ).rejects.toBe(refused);
      return seen;
    };
    expect((await handed(organisationId, [own.id, other.id])).map((payment) => payment.id)).toEqual([own.id]);
    expect(await handed(await rows.organisation(), [own.id])).toEqual([]);
    expect(await handed(organisationId, [])).toEqual([]);
  });

  describe('database checks behind the money rules', () => {
    it('refuses a claim whose gap is not its charge less its rebate, and saves nothing given with it', async () => {
      const transaction = await recordTransaction();
      const claim = Claim.create(organisationId, newClaim(11_495, 6_000), NOW);
      claim.totalGapAmount += 1;
      const payment = PaymentTransaction.forHealthFundClaim(
        { organisationId, businessId, transactionId: transaction.id },
        claim,
        0,
        NOW,
      );

      await expect(new MikroOrmPaymentsRepository(fresh(orm)).save(claim, payment)).rejects.toBeInstanceOf(
        CheckConstraintViolationException,
      );
      expect({
        claims: await countOf('claims', claim.id),
        payments: await countOf('payment_transactions', payment.id),
      }).toEqual({ claims: 0, payments: 0 });
    });

    it('refuses a Medicare claim whose gap is not its charge less its rebate', async () => {
      const claim = MedicareClaim.create(
        organisationId,
        null,
        {
          reference: 'MC-8',
          type: {},
          paymentStatus: {},
          items: [{ itemCode: '23', chargeAmount: 4_000, rebateAmount: 4_000 }],
          patientMedicareCardId: medicareCardId,
        },
        NOW,
      );
      claim.totalGapAmount = -1;

      await expect(new MikroOrmPaymentsRepository(fresh(orm)).save(claim)).rejects.toBeInstanceOf(
        CheckConstraintViolationException,
      );
      expect(await countOf('medicare_claims', claim.id)).toBe(0);
    });

    it('refuses a negative platform fee and an unknown source, and saves nothing given with them', async () => {
      const transaction = await recordTransaction();
      const owner = { organisationId, businessId, transactionId: transaction.id };
      const negativeFee = PaymentTransaction.forCardPayment(
        owner,
        { amount: 1_000, status: 'succeeded', paymentMethodId: null, clientSecret: null },
        0,
        NOW,
      );
      negativeFee.platformFeeAmount = -5;
      const unknownSource = PaymentTransaction.forCardPayment(
        owner,
        { amount: 1_000, status: 'succeeded', paymentMethodId: null, clientSecret: null },
        0,
        NOW,
      );
      (unknownSource as { source: string }).source = 'cash';
      const fine = PaymentTransaction.forCardPayment(
        owner,
        { amount: 1_000, status: 'succeeded', paymentMethodId: null, clientSecret: null },
        0,
        NOW,
      );

      await expect(new MikroOrmPaymentsRepository(fresh(orm)).save(fine, negativeFee)).rejects.toBeInstanceOf(
        CheckConstraintViolationException,
      );
      await expect(new MikroOrmPaymentsRepository(fresh(orm)).save(unknownSource)).rejects.toBeInstanceOf(
        CheckConstraintViolationException,
      );
      const stored = await Promise.all(
        [fine, negativeFee, unknownSource].map((payment) => countOf('payment_transactions', payment.id)),
      );
      expect(stored).toEqual([0, 0, 0]);
    });
  });

  it('stores every adjustment it accepted when two are recorded at once on one payment transaction', async () => {
    const transaction = await recordTransaction();
    const payment = await cardPayment(transaction.id, 10_000, 250);
    const adjust = (amount: number) =>
      services()
        .outcome.adjustment(organisationId, payment.id, { source: 'refund', amount })
        .then(() => amount);

    const { fulfilled } = await withSlowStatements(/^\s*commit/i, 150, () => settle([adjust(-1_000), adjust(-2_000)]));

    const loaded = await fresh(orm).findOne(PaymentTransaction, { id: payment.id, organisationId });
    const byAmount = (a: number, b: number) => a - b;
    expect(fulfilled.length).toBeGreaterThan(0);
    expect(loaded?.adjustments.map((adjustment) => adjustment.amount).sort(byAmount)).toEqual(fulfilled.sort(byAmount));
  });

  it('puts a payment transaction in one payout only when two payouts of it are assembled at once', async () => {
    const transaction = await recordTransaction();
    const payments = [await cardPayment(transaction.id, 10_000, 250), await cardPayment(transaction.id, 4_000, 100)];
    const ids = payments.map((payment) => payment.id);

    const { fulfilled, rejected } = await withSlowStatements(/^\s*commit/i, 150, () =>
      settle(
        [1, 2].map(() =>
          services().assemblePayout.execute(organisationId, businessId, ids, { arrivalDate: '2026-11-26' }),
        ),
      ),
    );

    const stored = await fresh(orm)
      .getConnection()
      .execute<{ id: string; amount: number; paid: number }[]>(
        `select p.id, p.amount, coalesce(sum(pt.amount - pt.platform_fee_amount), 0)::int as paid
         from payouts p left join payment_transactions pt on pt.payout_id = p.id
         where p.id in (${fulfilled.map(() => '?').join(', ') || 'null'}) group by p.id`,
        fulfilled.map((payout) => payout.id),
      );
    // Every stored payout must be backed, to the cent, by the transactions that name it.
    expect(stored.filter((payout) => payout.amount !== payout.paid)).toEqual([]);
    expect({ assembled: fulfilled.length, refused: rejected.map(codeOf) }).toEqual({
      assembled: 1,
      refused: ['already_paid_out'],
    });
  });
});
