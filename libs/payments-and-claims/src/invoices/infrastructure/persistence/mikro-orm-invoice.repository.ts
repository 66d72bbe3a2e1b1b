import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Invoice } from '../../../ledger/domain/invoice.js';
import { InvoiceRepository } from '../../domain/invoice.repository.js';

// `refresh`: what was read before the lock may be stale; the locked read is what the change works on.
const LOCKED = { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } as const;

@Injectable()
export class MikroOrmInvoiceRepository extends InvoiceRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async save(invoice: Invoice): Promise<void> {
    await this.em.persist(invoice).flush();
  }

  async saveSettled(invoice: Invoice): Promise<void> {
    await this.em.execute('update invoices set status = ? where organisation_id = ? and id = ?', [
      invoice.status,
      invoice.organisationId,
      invoice.id,
    ]);
  }

  async lockOfTransaction(organisationId: string, transactionId: string): Promise<Invoice | null> {
    const [row] = await this.em.execute<{ id: string }[]>(
      `select id from invoices where organisation_id = ? and transaction_ids @> array[?::uuid] and status <> 'cancelled'`,
      [organisationId, transactionId],
    );
    return row ? this.em.findOne(Invoice, { id: row.id, organisationId }, LOCKED) : null;
  }

  lockOfBooking(organisationId: string, bookingId: string): Promise<Invoice | null> {
    // The newest: a booking checked out before invoices were one per service may have two.
    return this.em.findOne(
      Invoice,
      { organisationId, bookingId, status: { $ne: 'cancelled' } },
      { ...LOCKED, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
  }
}
