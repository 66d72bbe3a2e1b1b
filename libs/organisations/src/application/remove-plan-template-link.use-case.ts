import { Injectable } from '@nestjs/common';
import { assertIfMatch, notFound } from '@app/shared/domain';
import { DirectoryRepository } from '../domain/directory.repository.js';

@Injectable()
export class RemovePlanTemplateLink {
  constructor(private readonly directory: DirectoryRepository) {}

  /** A link never changes, so its version is its `createdAt`: `ifMatch` is checked against that. */
  async execute(organisationId: string, linkId: string, ifMatch?: string): Promise<void> {
    const link = await this.directory.findPlanTemplateLink(organisationId, linkId);
    if (!link) throw notFound('Plan template link', linkId);
    assertIfMatch(ifMatch, link.createdAt);
    // Removed by another request since the read: as gone as if it had never been found.
    if (!(await this.directory.removePlanTemplateLink(organisationId, linkId)))
      throw notFound('Plan template link', linkId);
  }
}
