import { Injectable } from '@nestjs/common';
import { notFound, referenceNotFound } from '@app/shared/domain';
import { ClientQueries } from '@app/membership';
import { OrganisationQueries } from '@app/organisations';

/** Money is recorded only against the organisation's own businesses and clients (cards: `WalletCardQueries.assertCards`). */
@Injectable()
export class OwnershipChecks {
  constructor(
    private readonly organisations: OrganisationQueries,
    private readonly clients: ClientQueries,
  ) {}

  async assertBusinessOf(organisationId: string, businessId: string): Promise<void> {
    if ((await this.organisations.organisationIdOfBusiness(businessId)) !== organisationId)
      throw notFound('Business', businessId);
  }

  async assertClientOf(organisationId: string, clientId: string): Promise<void> {
    if (!(await this.clients.findActiveClient(organisationId, clientId)))
      throw referenceNotFound('clientId', 'Client', clientId);
  }
}
