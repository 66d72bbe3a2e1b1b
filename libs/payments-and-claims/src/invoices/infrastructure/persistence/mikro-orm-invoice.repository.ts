import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ADJUSTMENT_NOTE_NUMBER, AdjustmentNote } from '../../../ledger/domain/adjustment-note.js';
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

  async isFee(organisationId: string, transactionId: string): Promise<boolean> {
    const [row] = await this.em.execute<{ fee: boolean }[]>(
      `select exists (select 1 from invoices where organisation_id = ? and transaction_ids @> array[?::uuid] and fee) as fee`,
      [organisationId, transactionId],
    );
    return row.fee;
  }

  async lockOfTransaction(organisationId: string, transactionId: string): Promise<Invoice | null> {
    // Found, then locked: a check-out that replaced it meanwhile leaves it cancelled once the lock
    // is ours, and its replacement (which took its check-outs) is the one to find.
    for (;;) {
      const [row] = await this.em.execute<{ id: string }[]>(
        `select id from invoices where organisation_id = ? and transaction_ids @> array[?::uuid] and status <> 'cancelled'`,
        [organisationId, transactionId],
      );
      if (!row) return null;
      const locked = await this.em.findOne(Invoice, { id: row.id, organisationId }, LOCKED);
      if (locked && locked.status !== 'cancelled') return locked;
    }
  }

  lockOfBooking(organisationId: string, bookingId: string): Promise<Invoice | null> {
    // The newest: a booking checked out before invoices were one per service may have two.
    return this.em.findOne(
      Invoice,
      { organisationId, bookingId, fee: false, status: { $ne: 'cancelled' } },
      { ...LOCKED, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
  }

  async addNote(note: AdjustmentNote): Promise<void> {
    const [row] = await this.em.execute<{ number: string }[]>(
      `with counter as (
         insert into adjustment_note_counters (business_id, next) values (?, 2)
         on conflict (business_id) do update set next = adjustment_note_counters.next + 1
         returning next - 1 as count)
       insert into adjustment_notes
         (id, organisation_id, business_id, invoice_id, number, issued_at, reason, amount, tax_amount, refund_id, created_at)
       select ?, ?, ?, ?, ?::text || lpad(count::text, greatest(?::int, length(count::text)), '0'), ?, ?, ?, ?, ?, ?
       from counter
       returning number`,
      [
        note.businessId,
        note.id,
        note.organisationId,
        note.businessId,
        note.invoiceId,
        ADJUSTMENT_NOTE_NUMBER.prefix,
        ADJUSTMENT_NOTE_NUMBER.digits,
        note.issuedAt,
        note.reason,
        note.amount,
        note.taxAmount,
        note.refundId,
        note.createdAt,
      ],
    );
    note.number = row.number;
  }

  noteOfRefund(organisationId: string, refundId: string): Promise<AdjustmentNote | null> {
    return this.em.findOne(AdjustmentNote, { organisationId, refundId, reason: 'refund' });
  }
}
