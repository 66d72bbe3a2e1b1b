import { Injectable } from '@nestjs/common';
import type { Provider } from '../domain/provider.js';
import { PractitionerRepository } from '../domain/practitioner.repository.js';
import { providerNotFound } from '../domain/practitioners.errors.js';

/** Marks the provider deleted; deleting again changes nothing. */
@Injectable()
export class DeleteProvider {
  constructor(private readonly practitioners: PractitionerRepository) {}

  async execute(organisationId: string, providerId: string): Promise<Provider> {
    const provider = await this.practitioners.findProvider(organisationId, providerId);
    if (!provider) throw providerNotFound(providerId);
    provider.delete();
    await this.practitioners.save(provider);
    return provider;
  }
}
