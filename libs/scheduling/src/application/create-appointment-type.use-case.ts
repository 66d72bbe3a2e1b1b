import { Injectable } from '@nestjs/common';
import { Clock, DomainError, type FieldError } from '@app/shared/domain';
import { DirectoryQueries, OrganisationQueries } from '@app/organisations';
import { PractitionerQueries } from '@app/practitioners';
import { AppointmentType, type NewAppointmentType } from '../domain/appointment-type.js';
import { AppointmentTypeRepository } from '../domain/appointment-type.repository.js';

@Injectable()
export class CreateAppointmentType {
  constructor(
    private readonly appointmentTypes: AppointmentTypeRepository,
    private readonly organisations: OrganisationQueries,
    private readonly directory: DirectoryQueries,
    private readonly practitioners: PractitionerQueries,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, props: NewAppointmentType): Promise<AppointmentType> {
    await this.organisations.assertExists(organisationId);
    const [missingProviders, missingLocations] = await Promise.all([
      this.practitioners.missingProviderIds(organisationId, props.providerIds),
      this.directory.missingLocationIds(organisationId, props.locationIds),
    ]);
    const errors: FieldError[] = [
      ...missingProviders.map((id) => ({
        field: `providers[${props.providerIds.indexOf(id)}]`,
        code: 'not_found',
        message: `names no provider of this organisation`,
      })),
      ...missingLocations.map((id) => ({
        field: `locations[${props.locationIds.indexOf(id)}]`,
        code: 'not_found',
        message: `names no location of this organisation`,
      })),
    ];
    if (errors.length) throw new DomainError('not_found', 'not_found', 'Some providers or locations are not part of this organisation.', errors);
    const type = AppointmentType.create(organisationId, props, this.clock.now());
    await this.appointmentTypes.add(type);
    return type;
  }
}
