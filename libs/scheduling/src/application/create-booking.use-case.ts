import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { Clock, DomainEvents, newUuid, referenceNotFound } from '@app/shared/domain';
import { ClientQueries } from '@app/membership';
import { DirectoryQueries } from '@app/organisations';
import { WalletCardQueries } from '@app/wallet';
import { Booking } from '../domain/booking.js';
import { occurrencesOf, type Repeat } from '../domain/repeat.js';
import { clientDeleted, notLinked } from '../domain/scheduling.errors.js';
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
  /** Books `repeat.count` occurrences in all, one series, the first at `serviceDate`. */
  repeat?: Repeat;
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
    private readonly locations: DirectoryQueries,
  ) {}

  /**
   * The new booking as its GET answers it, read in the transaction that made it: also the event's
   * `data`. With a repeat, every occurrence is its own booking with its own event, all written or
   * none; the answer is the first.
   */
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

    const now = this.clock.now();
    const seriesId = command.repeat ? newUuid() : null;
    const bookings = (await this.serviceDatesOf(organisationId, command)).map((serviceDate) =>
      Booking.create(
        organisationId,
        { ...command, serviceDate, seriesId, providerLocationLinkId: link.id, durationMinutes: type.durationMinutes, servicePrice: type.price },
        now,
      ),
    );
    return this.events.transaction(async () => {
      await this.placement.reserve(bookings, type, (diary) => bookings.forEach((booking) => diary.add(booking)));
      const created = await this.queries.getAll(
        organisationId,
        bookings.map((booking) => booking.id),
        Expansion.none(),
      );
      for (const booking of created) await this.events.record('booking.created', organisationId, booking);
      return created[0];
    });
  }

  /** The start of each occurrence: `serviceDate` alone, or a repeat's, at the same wall-clock time in the location's zone. */
  private async serviceDatesOf(organisationId: string, command: CreateBookingCommand): Promise<Date[]> {
    if (!command.repeat) return [command.serviceDate];
    const location = (await this.locations.locations(organisationId, [command.locationId])).get(command.locationId);
    if (!location) throw notLinked();
    return occurrencesOf(command.serviceDate, location.timeZone, command.repeat);
  }
}
