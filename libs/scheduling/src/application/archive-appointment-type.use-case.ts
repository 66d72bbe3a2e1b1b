import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import type { AppointmentType } from '../domain/appointment-type.js';
import { AppointmentTypeRepository } from '../domain/appointment-type.repository.js';
import { appointmentTypeNotFound } from '../domain/scheduling.errors.js';

/**
 * Archives the type: it takes no new booking and leaves the booking pages, while its bookings keep
 * it and a GET by id still answers it. Archiving an archived type changes nothing.
 */
@Injectable()
export class ArchiveAppointmentType {
  constructor(
    private readonly appointmentTypes: AppointmentTypeRepository,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  execute(organisationId: string, id: string, ifMatch: string | undefined): Promise<AppointmentType> {
    return this.events.transaction(async () => {
      const type = await this.appointmentTypes.lockById(organisationId, id);
      if (!type) throw appointmentTypeNotFound(id);
      assertIfMatch(ifMatch, type.updatedAt);
      if (type.archive(this.clock.now())) {
        await this.appointmentTypes.save(type);
        await this.events.record('appointment_type.deleted', organisationId, type);
      }
      return type;
    });
  }
}
