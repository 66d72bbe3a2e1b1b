import { Injectable } from '@nestjs/common';
import { Clock, toE164 } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { type NewProvider, Provider } from '../domain/provider.js';
import { PractitionerRepository } from '../domain/practitioner.repository.js';

@Injectable()
export class CreateProvider {
  constructor(
    private readonly practitioners: PractitionerRepository,
    private readonly organisations: OrganisationQueries,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, props: NewProvider): Promise<Provider> {
    await this.organisations.assertExists(organisationId);
    const mobileNumber = props.mobileNumber ? toE164(props.mobileNumber, 'mobileNumber') : null;
    const provider = Provider.create(organisationId, { ...props, mobileNumber }, this.clock.now());
    await this.practitioners.save(provider);
    return provider;
  }
}
