import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { Clock, DomainEvents, referenceNotFound } from '@app/shared/domain';
import { ClientQueries } from '@app/membership';
import { WalletCardQueries } from '@app/wallet';
import { Booking } from '../domain/booking.js';
import { clientDeleted } from '../domain/scheduling.errors.js';
import { BookingPlacement } from './booking-placement.js';
import { BookingQueries, type BookingView } from './booking.queries.js';

export interface CreateBookingCommand {
  /** Given when something must name the booking before it exists (its manage token); else a new one. */
  id?: string;
  clientId: string;
  providerId: string;
  locationId: string;
  appointmentTypeId: string;
  serviceDate: Date;
  paymentMethodId?: string | null;
  healthFundCardId?: string | null;
  pmsBookingId?: string | null;
  pmsAttendeeId?: string | null;
  manageTokenHash?: string | null;
}

@Injectable()
export class CreateBooking {
  constructor(
    private readonly placement: BookingPlacement,
    private readonly clients: ClientQueries,
    private readonly wallet: WalletCardQueries,
    private readonly queries: BookingQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** The new booking as its GET answers it, read in the transaction that made it: also the event's `data`. */
  async execute(organisationId: string, command: CreateBookingCommand): Promise<BookingView> {
    const [client, reads] = await Promise.all([this.clients.findClient(organisationId, command.clientId), this.placement.read(organisationId, command)]);
    if (client?.deleted) throw clientDeleted(client.id);
    this.placement.refuseArchived(command, reads);
    if (!client) throw referenceNotFound('clientId', 'Client', command.clientId);
    const { link, type } = this.placement.verify(command, reads);
    await this.wallet.assertCards(
      organisationId,
      [
        { field: 'paymentMethodId', id: command.paymentMethodId, type: 'payment_method' },
        { field: 'healthFundCardId', id: command.healthFundCardId, type: 'health_fund_card' },
      ],
      command.clientId,
    );

    const booking = Booking.create(
      organisationId,
      { ...command, providerLocationLinkId: link.id, durationMinutes: type.durationMinutes, servicePrice: type.price },
      this.clock.now(),
    );
    return this.events.transaction(async () => {
      await this.placement.reserve(booking, type, (diary) => diary.add(booking));
      const created = await this.queries.get(organisationId, booking.id, Expansion.none());
      await this.events.record('booking.created', organisationId, created);
      return created;
    });
  }
}
