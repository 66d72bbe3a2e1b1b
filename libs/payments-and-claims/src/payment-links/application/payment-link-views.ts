import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { ClientQueries } from '@app/membership';
import { DirectoryQueries, OrganisationQueries } from '@app/organisations';
import { PractitionerQueries } from '@app/practitioners';
import { AppointmentTypeQueries, BookingQueries } from '@app/scheduling';
import {
  AWAITING_PAYMENT,
  type LinkStatus,
  PAYMENT_CANCELED,
  type PaymentTransaction,
} from '../../ledger/domain/payment-transaction.js';
import { type LinkToken, PaymentsRepository } from '../../ledger/domain/payments.repository.js';

/** The appointment a link asks payment for, as its patient sees it on their booking's page. */
export interface LinkBooking {
  startsAt: Date;
  service: { name: string };
  provider: { firstName: string; lastName: string };
  location: { name: string; timeZone: string };
}

/** What the public link page shows: enough to know what is paid for and to pay it, nothing more. */
export interface LinkView {
  amount: number;
  currency: string;
  organisationName: string;
  organisationBrandImageUrl: string | null;
  clientFirstName: string | null;
  expiresAt: Date;
  status: LinkStatus;
  paidAt: Date | null;
  /** The payment tried with it, as the processor answered: `null` until one is tried. */
  payment: { status: string; clientSecret: string | null } | null;
  booking: LinkBooking | null;
}

/** A link's payment once one was tried: succeeded, or waiting for the payer's bank with the secret their page answers it with. */
function paymentOf(paymentTransaction: PaymentTransaction): LinkView['payment'] {
  const payment = paymentTransaction.payment;
  if (!payment || payment.status === AWAITING_PAYMENT || payment.status === PAYMENT_CANCELED) return null;
  return { status: payment.status, clientSecret: payment.clientSecret };
}

/** Reads a payment link's view from the contexts that own its parts. */
@Injectable()
export class PaymentLinkViews {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly organisations: OrganisationQueries,
    private readonly clients: ClientQueries,
    private readonly bookings: BookingQueries,
    private readonly appointmentTypes: AppointmentTypeQueries,
    private readonly practitioners: PractitionerQueries,
    private readonly locations: DirectoryQueries,
    private readonly clock: Clock,
  ) {}

  async of(found: LinkToken, paymentTransaction: PaymentTransaction): Promise<LinkView> {
    const { organisationId } = found;
    const [organisation, transaction] = await Promise.all([
      this.organisations.findByIdOrSlug(organisationId),
      this.payments.findTransaction(organisationId, paymentTransaction.transactionId!),
    ]);
    const [client, booking] = await Promise.all([
      transaction?.clientId ? this.clients.findClient(organisationId, transaction.clientId) : null,
      transaction?.bookingId ? this.bookingOf(organisationId, transaction.bookingId) : null,
    ]);
    const status = paymentTransaction.linkStatus(found.expiresAt, this.clock.now());
    const paidOn = paymentTransaction.paymentLinks.find((link) => link.id === found.linkId)?.events.at(-1)?.createdAt;
    return {
      amount: paymentTransaction.amount,
      currency: paymentTransaction.payment?.currency ?? 'AUD',
      organisationName: organisation?.name ?? '',
      organisationBrandImageUrl: organisation?.brandImageUrl ?? null,
      clientFirstName: client?.firstName ?? null,
      expiresAt: found.expiresAt,
      status,
      paidAt: status === 'paid' && paidOn ? new Date(paidOn) : null,
      payment: paymentOf(paymentTransaction),
      booking,
    };
  }

  private async bookingOf(organisationId: string, bookingId: string): Promise<LinkBooking> {
    const booking = await this.bookings.find(organisationId, bookingId);
    const [service, providers, locations] = await Promise.all([
      this.appointmentTypes.get(organisationId, booking.appointmentTypeId),
      this.practitioners.byIds(organisationId, [booking.providerId]),
      this.locations.locations(organisationId, [booking.locationId]),
    ]);
    const provider = providers.get(booking.providerId)!;
    const location = locations.get(booking.locationId)!;
    return {
      startsAt: booking.serviceDate,
      service: { name: service.name },
      provider: { firstName: provider.firstName, lastName: provider.lastName },
      location: { name: location.name, timeZone: location.timeZone },
    };
  }
}
