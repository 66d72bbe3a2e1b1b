import { Injectable } from '@nestjs/common';
import { Clock, invalidField } from '@app/shared/domain';
import { OrganisationLookup } from '../../access/organisation-lookup.js';
import { ApiKey, isExpired } from '../../keys/domain/api-key.js';
import { ApiKeyRepository } from '../../keys/domain/api-key.repository.js';

export interface CreateApiKeyCommand {
  name: string;
  organisationId?: string;
  /** ISO 8601 with an offset, already checked for shape. */
  expiresAt?: string;
}

@Injectable()
export class CreateApiKey {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly organisations: OrganisationLookup,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateApiKeyCommand): Promise<{ apiKey: ApiKey; secret: string }> {
    const now = this.clock.now();
    const expiresAt = command.expiresAt === undefined ? null : new Date(command.expiresAt);
    if (isExpired(expiresAt, now)) throw invalidField('expiresAt', 'not_in_future', 'must be in the future');
    // An empty id is still an id: it names no organisation (404), never a platform key.
    if (command.organisationId !== undefined) await this.organisations.assertExists(command.organisationId);
    const issued = ApiKey.issue(command.name, command.organisationId ?? null, now, expiresAt);
    await this.apiKeys.add(issued.apiKey);
    return issued;
  }
}
