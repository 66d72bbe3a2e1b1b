import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import { DirectoryQueries, OrganisationQueries } from '@app/organisations';
import { PractitionerQueries } from '@app/practitioners';
import { AppointmentType, type NewAppointmentType } from '../domain/appointment-type.js';
import { AppointmentTypeRepository } from '../domain/appointment-type.repository.js';
import { assertOfferReferences } from './offer-references.js';

@Injectable()
export class CreateAppointmentType {
  constructor(
    private readonly appointmentTypes: AppointmentTypeRepository,
    private readonly organisations: OrganisationQueries,
    private readonly directory: DirectoryQueries,
    private readonly practitioners: PractitionerQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  async execute(organisationId: string, props: NewAppointmentType): Promise<AppointmentType> {
    await this.organisations.assertExists(organisationId);
    await assertOfferReferences(this.practitioners, this.directory, organisationId, props);
    const type = AppointmentType.create(organisationId, props, this.clock.now());
    await this.events.transaction(async () => {
      await this.appointmentTypes.add(type);
      await this.events.record('appointment_type.created', organisationId, type);
    });
    return type;
  }
}
