import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { Organisation } from '../domain/organisation.js';
import { OrganisationRepository, SlugTakenError } from '../domain/organisation.repository.js';
import { slugTaken } from '../domain/organisations.errors.js';
import { firstFreeSlug, slugify } from '../domain/slug.js';

export interface CreateOrganisationCommand {
  name: string;
  slug?: string;
  bookingsEnabled?: boolean;
  /** `false` makes a sandbox organisation; live when omitted. */
  livemode?: boolean;
}

const MAX_ATTEMPTS = 5;

@Injectable()
export class CreateOrganisation {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateOrganisationCommand): Promise<Organisation> {
    if (command.slug) return this.insert(command, command.slug);
    const base = slugify(command.name);
    // Another request may take the same slug between the look-up and the insert: pick again.
    for (let attempt = 1; ; attempt++) {
      const slug = firstFreeSlug(base, await this.organisations.slugsLike(base));
      try {
        return await this.insert(command, slug);
      } catch (error) {
        if (!(error instanceof SlugTakenError) || attempt === MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async insert(command: CreateOrganisationCommand, slug: string): Promise<Organisation> {
    const organisation = Organisation.create(
      { name: command.name, slug, bookingsEnabled: command.bookingsEnabled, livemode: command.livemode },
      this.clock.now(),
    );
    try {
      await this.organisations.add(organisation);
    } catch (error) {
      if (error instanceof SlugTakenError && command.slug) throw slugTaken(slug);
      throw error;
    }
    return organisation;
  }
}
