import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Invoice } from '../../../ledger/domain/invoice.js';
import { InvoiceRepository } from '../../domain/invoice.repository.js';

@Injectable()
export class MikroOrmInvoiceRepository extends InvoiceRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async save(invoice: Invoice): Promise<void> {
    await this.em.persist(invoice).flush();
  }

  lockOfTransaction(organisationId: string, transactionId: string): Promise<Invoice | null> {
    return this.em.findOne(
      Invoice,
      { organisationId, transactionId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
  }
}
