import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import { DirectoryQueries } from '@app/organisations';
import { PractitionerQueries } from '@app/practitioners';
import type { AppointmentType, AppointmentTypeChanges } from '../domain/appointment-type.js';
import { AppointmentTypeRepository } from '../domain/appointment-type.repository.js';
import { appointmentTypeNotFound } from '../domain/scheduling.errors.js';
import { assertOfferReferences } from './offer-references.js';

/**
 * Changes the fields sent. Bookings already made are not touched: each keeps the price and length
 * it was booked at; a new price or length applies to bookings made from now on.
 */
@Injectable()
export class UpdateAppointmentType {
  constructor(
    private readonly appointmentTypes: AppointmentTypeRepository,
    private readonly directory: DirectoryQueries,
    private readonly practitioners: PractitionerQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** `ifMatch`: the `If-Match` header as sent; the change happens only while it names the current version. */
  execute(
    organisationId: string,
    id: string,
    changes: AppointmentTypeChanges,
    ifMatch: string | undefined,
  ): Promise<AppointmentType> {
    return this.events.transaction(async () => {
      const type = await this.appointmentTypes.lockById(organisationId, id);
      if (!type) throw appointmentTypeNotFound(id);
      assertIfMatch(ifMatch, type.updatedAt);
      await assertOfferReferences(this.practitioners, this.directory, organisationId, changes, type);
      if (type.update(changes, this.clock.now())) {
        await this.appointmentTypes.save(type);
        await this.events.record('appointment_type.updated', organisationId, type);
      }
      return type;
    });
  }
}
