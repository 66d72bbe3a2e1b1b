import { Injectable } from '@nestjs/common';
import { AppConfig, Expansion } from '@app/shared';
import { type Organisation, OrganisationQueries } from '@app/organisations';
import { InvoiceQueries } from '@app/payments-and-claims';
import { BookingQueries, type BookingView, cancellationPolicyOf, ManageTokens } from '@app/scheduling';
import { type BookingFacts, MANAGE_TOKEN_PLACEHOLDER, type ReceiptFacts } from '../domain/messages.js';

/** A booking with its parties and organisation, as of now, and what its messages say of it. */
export interface BookingRead {
  organisation: Organisation;
  view: BookingView;
  facts: BookingFacts;
}

/** Reads what the messages about a booking say: the clinic, the parties, the time in the location's zone, the policy. */
@Injectable()
export class BookingMessages {
  constructor(
    private readonly bookings: BookingQueries,
    private readonly organisations: OrganisationQueries,
    private readonly invoices: InvoiceQueries,
    private readonly manageTokens: ManageTokens,
    private readonly config: AppConfig,
  ) {}

  async read(organisationId: string, bookingId: string, now: Date): Promise<BookingRead> {
    const [organisation, view] = await Promise.all([
      this.organisations.get(organisationId),
      this.bookings.get(organisationId, bookingId, Expansion.none()),
    ]);
    const { booking, client, provider, location, appointmentType } = view;
    if (!client || !provider || !location || !appointmentType)
      throw new Error(`Booking ${bookingId} is missing a party it names`);
    const policy = cancellationPolicyOf(organisation.bookingSettings, booking, now);
    const address = [
      location.address.line1,
      location.address.line2,
      [location.address.suburb ?? location.address.city, location.address.state, location.address.postcode],
    ]
      .map((part) => (Array.isArray(part) ? part.filter(Boolean).join(' ') : part))
      .filter(Boolean)
      .join(', ');
    const facts: BookingFacts = {
      clinicName: organisation.name,
      client,
      provider,
      serviceName: appointmentType.name,
      locationName: location.name,
      address: address || null,
      timeZone: location.timeZone,
      serviceDate: booking.serviceDate,
      manageUrl: this.manageTokens.of(booking)
        ? `${this.config.apiBaseUrl}/book/manage/${MANAGE_TOKEN_PLACEHOLDER}`
        : null,
      cancellation: {
        feeApplies: policy.enabled && policy.fee.amount > 0,
        feeAmount: policy.fee.amount,
        freeUntil: policy.fee.latestNoFeeAt,
        freeHours: policy.fee.freeCancellationHours,
      },
      now,
    };
    return { organisation, view, facts };
  }

  /** What the invoice billed and how it was paid (a voided claim's benefit left out): what a receipt says. */
  async receipt(organisationId: string, invoiceId: string): Promise<ReceiptFacts> {
    const { invoice, balance } = await this.invoices.get(organisationId, invoiceId);
    return {
      items: invoice.items.map((item) => ({ description: item.description, amount: item.amount })),
      total: invoice.total,
      payments: balance.payments
        .filter((payment) => !payment.voided)
        .map((payment) => ({ source: payment.source, amount: payment.amount })),
    };
  }
}
