import { Injectable } from '@nestjs/common';
import { limitAndOffset, listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { isUuid, notFound, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { PaymentTransaction } from '../../../ledger/domain/payment-transaction.js';
import { remittanceNotFound } from '../../../ledger/domain/payments.errors.js';
import { PaymentTransactionQueries } from '../../../ledger/application/payment-transaction.queries.js';
import { Remittance, type RemittanceStatus } from '../../domain/remittance.js';
import { RemittanceQueries, type RemittedClaimView } from '../../application/remittance.queries.js';

const REMITTANCES = ReadModel.of(Remittance, 'r');
const PAYMENT_TRANSACTIONS = ReadModel.of(PaymentTransaction, 'pt');

/** A business's remittances read with `SqlReader`. */
@Injectable()
export class SqlRemittanceQueries extends RemittanceQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
    private readonly paymentTransactions: PaymentTransactionQueries,
  ) {
    super();
  }

  async list(businessId: string, filters: { status?: RemittanceStatus }, page: PageRequest): Promise<Page<Remittance>> {
    if (!isUuid(businessId) || (await this.organisations.organisationIdOfBusiness(businessId)) === null)
      throw notFound('Business', businessId);
    const params = new SqlParams(businessId);
    const where = ['r.business_id = $1'];
    if (filters.status) where.push(`r.status = ${params.add(filters.status)}`);
    const window = listWindow('r', page, 'r.payment_date desc, r.created_at desc, r.id desc', params);
    return this.sql.page(REMITTANCES, `where ${where.join(' and ')}${window.condition}`, window.orderBy, params, page);
  }

  async get(businessId: string, remittanceId: string): Promise<Remittance> {
    const remittance = isUuid(remittanceId)
      ? await this.sql.first(REMITTANCES, 'where r.id = $1 and r.business_id = $2', [remittanceId, businessId])
      : null;
    if (!remittance) throw remittanceNotFound(remittanceId);
    return remittance;
  }

  async claims(businessId: string, remittanceId: string, page: PageRequest): Promise<Page<RemittedClaimView>> {
    const remittance = await this.get(businessId, remittanceId);
    const params = new SqlParams(remittance.id);
    const window = listWindow('pt', page, 'pt.created_at, pt.id', params);
    const where = `where pt.remittance_id = $1${window.condition}`;
    const filter = params.values;
    const [rows, total] = await Promise.all([
      this.sql.select(
        PAYMENT_TRANSACTIONS,
        `${where} order by ${window.orderBy} ${limitAndOffset(page, params)}`,
        params.values,
      ),
      page.updatedSince ? this.sql.count(PAYMENT_TRANSACTIONS, where, filter) : remittance.claimCount,
    ]);
    const views = await this.paymentTransactions.read(remittance.organisationId, rows, { withEventMembers: true });
    return pageOf(
      views.map((view) => ({ view, paidAmount: view.paymentTransaction.remittedAmount ?? 0 })),
      total,
      page,
    );
  }
}
