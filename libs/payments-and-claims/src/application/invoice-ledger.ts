import { Injectable } from '@nestjs/common';
import { ClientQueries } from '@app/membership';
import { DirectoryQueries } from '@app/organisations';
import { PractitionerQueries } from '@app/practitioners';
import { BookingLedger, type BookingToSettle } from '@app/scheduling';
import { DomainEvents } from '@app/shared/domain';
import { Invoice, type InvoiceParties } from '../domain/invoice.js';
import { InvoiceRepository } from '../domain/invoice.repository.js';
import type { PaymentTransaction } from '../domain/payment-transaction.js';
import type { Transaction } from '../domain/transaction.js';
import { BookingParties } from './booking-parties.js';
import { InvoiceQueries } from './invoice.queries.js';

/**
 * Invoices, inside the transaction of the change that moves their money: a check-out issues one
 * (numbered from its business's counter) and marks its booking `invoiced`; a link paid, a refund or
 * a claim voided settles it again. `invoice.created` and `invoice.paid` are recorded with it.
 */
@Injectable()
export class InvoiceLedger {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly queries: InvoiceQueries,
    private readonly bookings: BookingLedger,
    private readonly parties: BookingParties,
    private readonly directory: DirectoryQueries,
    private readonly practitioners: PractitionerQueries,
    private readonly clients: ClientQueries,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The check-out's invoice, its status from the payment transactions it made, and the booking
   * `invoiced`. Its events wait for `announce`, so they follow the check-out's own.
   */
  async issue(booking: BookingToSettle, transaction: Transaction, paymentTransactions: readonly PaymentTransaction[], now: Date): Promise<Invoice> {
    const organisationId = transaction.organisationId;
    const parties = await this.partiesOf(organisationId, booking, transaction);
    const invoice = Invoice.issue(transaction, paymentTransactions, booking, parties, await this.invoices.nextNumber(transaction.businessId), now);
    await this.invoices.save(invoice);
    await this.bookings.markInvoiced(organisationId, booking.id);
    return invoice;
  }

  /** `invoice.created` for an invoice just issued, and `invoice.paid` when it was paid at once. */
  async announce(invoice: Invoice): Promise<void> {
    const view = await this.queries.get(invoice.organisationId, invoice.id);
    await this.events.record('invoice.created', invoice.organisationId, view);
    if (invoice.status === 'paid') await this.events.record('invoice.paid', invoice.organisationId, view);
  }

  /** The money of the transaction changed: its invoice (if it has one) follows, and says so once it is paid. */
  async settle(organisationId: string, transactionId: string, now: Date): Promise<void> {
    const invoice = await this.invoices.lockOfTransaction(organisationId, transactionId);
    if (!invoice) return;
    const { balance } = await this.queries.get(organisationId, invoice.id);
    const becamePaid = invoice.settle(balance, now);
    await this.invoices.save(invoice);
    if (becamePaid) await this.events.record('invoice.paid', organisationId, await this.queries.get(organisationId, invoice.id));
  }

  private async partiesOf(organisationId: string, booking: BookingToSettle, transaction: Transaction): Promise<InvoiceParties> {
    const [locations, businesses, providers, client, providerNumber] = await Promise.all([
      this.directory.locations(organisationId, [booking.locationId]),
      this.directory.businesses([transaction.businessId]),
      this.practitioners.byIds(organisationId, [booking.providerId]),
      this.clients.findActiveClient(organisationId, booking.clientId),
      this.parties.providerNumber(organisationId, booking),
    ]);
    const location = locations.get(booking.locationId)!;
    const business = businesses.get(transaction.businessId)!;
    const provider = providers.get(booking.providerId);
    const [firstName = '', ...rest] = transaction.clientName.split(' ');
    return {
      business: { name: business.name, taxIdentifier: business.taxIdentifier },
      location: { name: location.name, address: location.address, timeZone: location.timeZone },
      provider: { name: provider ? `${provider.firstName} ${provider.lastName}` : '', providerNumber },
      client: client ? { firstName: client.firstName, lastName: client.lastName } : { firstName, lastName: rest.join(' ') },
    };
  }
}
