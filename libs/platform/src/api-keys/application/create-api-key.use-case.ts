import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { OrganisationLookup } from '../../access/organisation-lookup.js';
import { ApiKey } from '../domain/api-key.js';
import { ApiKeyRepository } from '../domain/api-key.repository.js';

export interface CreateApiKeyCommand {
  name: string;
  organisationId?: string;
}

@Injectable()
export class CreateApiKey {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly organisations: OrganisationLookup,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateApiKeyCommand): Promise<{ apiKey: ApiKey; secret: string }> {
    // An empty id is still an id: it names no organisation (404), never a platform key.
    if (command.organisationId !== undefined) await this.organisations.assertExists(command.organisationId);
    const issued = ApiKey.issue(command.name, command.organisationId ?? null, this.clock.now());
    await this.apiKeys.add(issued.apiKey);
    return issued;
  }
}
