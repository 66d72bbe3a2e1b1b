import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { Clock, DomainEvents, newUuid, referenceNotFound } from '@app/shared/domain';
import type { Location } from '@app/organisations';
import { WalletCardQueries } from '@app/wallet';
import { Booking } from '../domain/booking.js';
import { occurrencesOf, type Repeat } from '../domain/repeat.js';
import { clientDeleted, notLinked } from '../domain/scheduling.errors.js';
import { BookingPlacement } from './booking-placement.js';
import type { BookingView } from './booking.queries.js';

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
    private readonly wallet: WalletCardQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The new booking as its GET answers it, also the event's `data`: made of the booking written
   * and the parties read, under the provider's lock, in the transaction that wrote it. With a
   * repeat, every occurrence is its own booking with its own event, all written or none; the answer
   * is the first.
   */
  async execute(organisationId: string, command: CreateBookingCommand): Promise<BookingView> {
    return this.events.transaction(async () => {
      const reads = await this.placement.lock(organisationId, command, command.clientId);
      const { client } = reads;
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
      const bookings = serviceDatesOf(command, reads.location).map((serviceDate) =>
        Booking.create(
          organisationId,
          {
            ...command,
            serviceDate,
            seriesId,
            providerLocationLinkId: link.id,
            durationMinutes: type.durationMinutes,
            servicePrice: type.price,
          },
          now,
        ),
      );
      await this.placement.reserve(reads.lock, bookings, type, (diary) =>
        bookings.forEach((booking) => diary.add(booking)),
      );
      const { provider, location, appointmentType } = reads;
      const created = bookings.map((booking): BookingView => ({
        booking,
        expansion: Expansion.none(),
        provider,
        location,
        appointmentType,
        client,
      }));
      for (const view of created) await this.events.record('booking.created', organisationId, view);
      return created[0];
    });
  }
}

/** The start of each occurrence: `serviceDate` alone, or a repeat's, at the same wall-clock time in the location's zone. */
function serviceDatesOf(command: CreateBookingCommand, location: Location | null): Date[] {
  if (!command.repeat) return [command.serviceDate];
  if (!location) throw notLinked();
  return occurrencesOf(command.serviceDate, location.timeZone, command.repeat);
}
