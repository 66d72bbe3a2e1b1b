import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, DomainEvents, notFound } from '@app/shared/domain';
import type { Business, BusinessChanges } from '../domain/business.js';
import { DirectoryRepository } from '../domain/directory.repository.js';

@Injectable()
export class UpdateBusiness {
  constructor(
    private readonly directory: DirectoryRepository,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /** `ifMatch`: the `If-Match` header, the ETag of the version the caller read (412 when it is not current). */
  execute(organisationId: string, businessId: string, changes: BusinessChanges, ifMatch?: string): Promise<Business> {
    return this.events.transaction(async () => {
      const business = await this.directory.lockBusiness(organisationId, businessId);
      if (!business) throw notFound('Business', businessId);
      assertIfMatch(ifMatch, business.updatedAt);
      if (!business.update(changes, this.clock.now())) return business;
      await this.directory.save(business);
      await this.events.record('business.updated', organisationId, business);
      return business;
    });
  }
}
