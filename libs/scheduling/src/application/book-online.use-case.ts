import { Injectable } from '@nestjs/common';
import { newUuid } from '@app/shared/domain';
import { FindOrAddClient, type PatientDetails } from '@app/membership';
import type { Booking } from '../domain/booking.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { bookingsDisabled, slotUnavailable } from '../domain/scheduling.errors.js';
import { AvailabilityQueries } from './availability.queries.js';
import { BookingPlacement } from './booking-placement.js';
import { CreateBooking } from './create-booking.use-case.js';
import { ManageTokens } from './manage-tokens.js';

export interface BookOnlineCommand {
  appointmentTypeId: string;
  locationId: string;
  providerId: string;
  startsAt: Date;
  patient: PatientDetails;
}

/**
 * A patient books a listed time. Nothing it names may be archived (409, as in the back office); the
 * time must be offered now (working hours, time off, notice, advance window); then the back
 * office's own `CreateBooking` runs its locked overlap check, so a public and a back-office request
 * for one slot have one winner. The client (found by email or made) and the booking are written in
 * one transaction: a refused booking leaves no client behind.
 */
@Injectable()
export class BookOnline {
  constructor(
    private readonly availability: AvailabilityQueries,
    private readonly placement: BookingPlacement,
    private readonly createBooking: CreateBooking,
    private readonly bookings: BookingRepository,
    private readonly findOrAddClient: FindOrAddClient,
    private readonly manageTokens: ManageTokens,
  ) {}

  async execute(
    organisationIdOrSlug: string,
    command: BookOnlineCommand,
  ): Promise<{ booking: Booking; manageToken: string }> {
    const organisation = await this.availability.organisation(organisationIdOrSlug);
    if (!organisation.bookingsEnabled) throw bookingsDisabled();
    // Before the times: an archived service or provider offers none, and the patient learns why.
    this.placement.refuseArchived(command, await this.placement.read(organisation.id, command));
    if (!(await this.availability.isOffered(organisation, command))) throw slotUnavailable();
    const id = newUuid();
    const { token, hash } = this.manageTokens.forBooking(id);
    const { booking } = await this.bookings.inOneTransaction(async () => {
      const client = await this.findOrAddClient.execute(organisation.id, command.patient, 'patient');
      return this.createBooking.execute(organisation.id, {
        id,
        clientId: client.id,
        providerId: command.providerId,
        locationId: command.locationId,
        appointmentTypeId: command.appointmentTypeId,
        serviceDate: command.startsAt,
        manageTokenHash: hash,
      });
    });
    return { booking, manageToken: token };
  }
}
