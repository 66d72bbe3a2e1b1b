import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import type { BookingSettings } from '../domain/booking-settings.js';
import type { Organisation } from '../domain/organisation.js';
import { OrganisationRepository } from '../domain/organisation.repository.js';
import { organisationNotFound } from '../domain/organisations.errors.js';

export type BookingSettingsChanges = Partial<BookingSettings> & { bookingsEnabled?: boolean };

/** The booking settings are part of the organisation: they share its `updatedAt`, its ETag and its event. */
@Injectable()
export class UpdateBookingSettings {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  execute(organisationId: string, changes: BookingSettingsChanges, ifMatch?: string): Promise<Organisation> {
    return this.events.transaction(async () => {
      const organisation = await this.organisations.lock(organisationId);
      if (!organisation) throw organisationNotFound(organisationId);
      assertIfMatch(ifMatch, organisation.updatedAt);
      if (!organisation.updateBookingSettings(changes, this.clock.now())) return organisation;
      await this.organisations.save(organisation);
      await this.events.record('organisation.updated', organisation.id, organisation);
      return organisation;
    });
  }
}
