import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { Clock, DomainEvents, referenceNotFound } from '@app/shared/domain';
import { ClientQueries } from '@app/membership';
import { PractitionerQueries } from '@app/practitioners';
import { WalletCardQueries } from '@app/wallet';
import { AppointmentTypeRepository } from '../domain/appointment-type.repository.js';
import { Booking, fitsBeside } from '../domain/booking.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { notLinked, notOffered, slotUnavailable } from '../domain/scheduling.errors.js';
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
    private readonly bookings: BookingRepository,
    private readonly appointmentTypes: AppointmentTypeRepository,
    private readonly clients: ClientQueries,
    private readonly practitioners: PractitionerQueries,
    private readonly wallet: WalletCardQueries,
    private readonly queries: BookingQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** The new booking as its GET answers it, read in the transaction that made it: also the event's `data`. */
  async execute(organisationId: string, command: CreateBookingCommand): Promise<BookingView> {
    const [client, link, type] = await Promise.all([
      this.clients.findActiveClient(organisationId, command.clientId),
      this.practitioners.liveLink(organisationId, command.providerId, command.locationId),
      this.appointmentTypes.findById(organisationId, command.appointmentTypeId),
    ]);
    if (!client) throw referenceNotFound('clientId', 'Client', command.clientId);
    if (!type || type.deleted) throw referenceNotFound('appointmentTypeId', 'Appointment type', command.appointmentTypeId);
    if (!link) throw notLinked();
    if (!type.offers(command.providerId, command.locationId)) throw notOffered();
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
      await this.addToDiary(booking, type);
      const created = await this.queries.get(organisationId, booking.id, Expansion.none());
      await this.events.record('booking.created', organisationId, created);
      return created;
    });
  }

  private async addToDiary(booking: Booking, type: { id: string; maxAttendees: number }): Promise<void> {
    await this.bookings.withProviderDiary(booking.providerId, async (diary) => {
      const overlapping = await diary.confirmedBookingsBetween(booking.serviceDate, booking.endsAt);
      if (
        !fitsBeside(overlapping, {
          appointmentTypeId: type.id,
          locationId: booking.locationId,
          serviceDate: booking.serviceDate,
          maxAttendees: type.maxAttendees,
        })
      )
        throw slotUnavailable();
      diary.add(booking);
    });
  }
}
