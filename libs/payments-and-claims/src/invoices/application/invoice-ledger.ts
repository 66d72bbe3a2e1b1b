import { Injectable } from '@nestjs/common';
import type { BookingToSettle } from '@app/scheduling';
import { DomainEvents, type EventToRecord } from '@app/shared/domain';
import { Invoice, type InvoiceParties } from '../../ledger/domain/invoice.js';
import { InvoiceRepository } from '../domain/invoice.repository.js';
import type { PaymentTransaction } from '../../ledger/domain/payment-transaction.js';
import type { Transaction } from '../../ledger/domain/transaction.js';
import type { BookingPartiesRead } from '../../ledger/application/booking-parties.js';
import { InvoiceQueries, type InvoiceView } from './invoice.queries.js';

/**
 * Invoices, inside the transaction of the change that moves their money: a check-out issues one,
 * which it writes with its transaction (numbered from its business's counter), and marks its
 * booking `invoiced`; a link paid, a refund or a claim voided settles it again. `invoice.created`
 * and `invoice.paid` are recorded with it.
 */
@Injectable()
export class InvoiceLedger {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly queries: InvoiceQueries,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The check-out's invoice, its status from the payment transactions it made, the parties as the
   * check-out read them. The check-out writes it (`PaymentsRepository.addCheckOut`, which numbers
   * it) and records its events (`eventsOf`) after its own.
   */
  issue(
    booking: BookingToSettle,
    transaction: Transaction,
    paymentTransactions: readonly PaymentTransaction[],
    read: BookingPartiesRead,
    now: Date,
  ): Invoice {
    return Invoice.issue(transaction, paymentTransactions, booking, partiesOf(transaction, read), now);
  }

  /**
   * `invoice.created` for an invoice just issued and written, and `invoice.paid` when it was paid
   * at once, as its GET answers it: its balance is that of `paymentTransactions`, all its
   * transaction has.
   */
  eventsOf(invoice: Invoice, paymentTransactions: readonly PaymentTransaction[]): EventToRecord[] {
    const view: InvoiceView = { invoice, balance: invoice.balanceOf(paymentTransactions) };
    const organisationId = invoice.organisationId;
    return [
      { type: 'invoice.created', organisationId, resource: view },
      ...(invoice.status === 'paid' ? [{ type: 'invoice.paid' as const, organisationId, resource: view }] : []),
    ];
  }

  /** The money of the transaction changed: its invoice (if it has one) follows, and says so once it is paid. */
  async settle(organisationId: string, transactionId: string, now: Date): Promise<void> {
    const invoice = await this.invoices.lockOfTransaction(organisationId, transactionId);
    if (!invoice) return;
    const { balance } = await this.queries.get(organisationId, invoice.id);
    const becamePaid = invoice.settle(balance, now);
    await this.invoices.save(invoice);
    if (becamePaid)
      await this.events.record('invoice.paid', organisationId, await this.queries.get(organisationId, invoice.id));
  }
}

/** Who and where, as the check-out read them; an archived client is named as the transaction names it. */
function partiesOf(
  transaction: Transaction,
  { location, business, provider, providerNumber, client }: BookingPartiesRead,
): InvoiceParties {
  const [firstName = '', ...rest] = transaction.clientName.split(' ');
  return {
    business: { name: business.name, taxIdentifier: business.taxIdentifier },
    location: { name: location.name, address: location.address, timeZone: location.timeZone },
    provider: { name: provider ? `${provider.firstName} ${provider.lastName}` : '', providerNumber },
    client:
      client && !client.deleted
        ? { firstName: client.firstName, lastName: client.lastName }
        : { firstName, lastName: rest.join(' ') },
  };
}
