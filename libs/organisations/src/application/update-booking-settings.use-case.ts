import { Injectable } from '@nestjs/common';
import { DomainEvents } from '@app/shared/domain';
import type { BookingSettings } from '../domain/booking-settings.js';
import type { Organisation } from '../domain/organisation.js';
import { OrganisationRepository } from '../domain/organisation.repository.js';
import { organisationNotFound } from '../domain/organisations.errors.js';

export type BookingSettingsChanges = Partial<BookingSettings> & { bookingsEnabled?: boolean };

@Injectable()
export class UpdateBookingSettings {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly events: DomainEvents,
  ) {}

  async execute(organisationId: string, changes: BookingSettingsChanges): Promise<Organisation> {
    const organisation = await this.organisations.findById(organisationId);
    if (!organisation) throw organisationNotFound(organisationId);
    organisation.updateBookingSettings(changes);
    await this.events.transaction(async () => {
      await this.organisations.save(organisation);
      // The organisation's own answer shows `bookingsEnabled` alone of these fields.
      if (changes.bookingsEnabled !== undefined) await this.events.record('organisation.updated', organisation.id, organisation);
    });
    return organisation;
  }
}
