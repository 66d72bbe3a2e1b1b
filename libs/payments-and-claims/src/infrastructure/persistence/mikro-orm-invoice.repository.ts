import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Invoice } from '../../domain/invoice.js';
import { InvoiceRepository } from '../../domain/invoice.repository.js';

@Injectable()
export class MikroOrmInvoiceRepository extends InvoiceRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async nextNumber(businessId: string): Promise<number> {
    // One statement: the first invoice of a business makes its row; later ones wait for its lock.
    const [row] = await this.em.execute<{ number: number }[]>(
      `insert into invoice_counters (business_id, next) values (?, 2)
       on conflict (business_id) do update set next = invoice_counters.next + 1
       returning next - 1 as number`,
      [businessId],
    );
    return row.number;
  }

  async save(invoice: Invoice): Promise<void> {
    await this.em.persist(invoice).flush();
  }

  lockOfTransaction(organisationId: string, transactionId: string): Promise<Invoice | null> {
    return this.em.findOne(Invoice, { organisationId, transactionId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }
}
