import { Injectable } from '@nestjs/common';
import { ClientQueries, type ClientView } from '@app/membership';
import { PractitionerQueries, type ProviderLocationLink, type ProviderView } from '@app/practitioners';
import type { AppointmentType } from '../domain/appointment-type.js';
import { AppointmentTypeRepository } from '../domain/appointment-type.repository.js';
import { appointmentTypeDeleted, clientDeleted, locationLinkDeleted, providerDeleted } from '../domain/scheduling.errors.js';

/** What a new booking names, by id; no client when the booking's client is yet to be found or made. */
export interface BookingPartyIds {
  clientId?: string;
  providerId: string;
  locationId: string;
  appointmentTypeId: string;
}

/** The parties a new booking names, archived or not; `null` for one the organisation does not have. */
export interface BookingParties {
  client: ClientView | null;
  provider: ProviderView | null;
  /** The provider's link to the location: the live one, else the last archived. */
  link: ProviderLocationLink | null;
  type: AppointmentType | null;
}

/**
 * The first check of every new booking, back office or online: nothing it names may be archived.
 * An archived client, provider, appointment type, or link of the provider to the location is a 409
 * that says which (`client_deleted`, `provider_deleted`, `appointment_type_deleted`,
 * `location_link_deleted`), in that order; what does not exist at all is left to the caller's own
 * answer (404, or 400 `provider_not_at_location`).
 */
@Injectable()
export class BookingPartyChecks {
  constructor(
    private readonly clients: ClientQueries,
    private readonly practitioners: PractitionerQueries,
    private readonly appointmentTypes: AppointmentTypeRepository,
  ) {}

  async refuseArchived(organisationId: string, ids: BookingPartyIds): Promise<BookingParties> {
    const { clientId, providerId, locationId, appointmentTypeId } = ids;
    const [client, provider, link, type] = await Promise.all([
      clientId === undefined ? null : this.clients.findByIds(organisationId, [clientId]).then((found) => found.get(clientId) ?? null),
      this.practitioners.byIds(organisationId, [providerId]).then((found) => found.get(providerId) ?? null),
      this.practitioners.linkAt(organisationId, providerId, locationId),
      this.appointmentTypes.findById(organisationId, appointmentTypeId),
    ]);
    if (client?.deleted) throw clientDeleted(client.id);
    if (provider?.deleted) throw providerDeleted(providerId);
    if (type?.deleted) throw appointmentTypeDeleted(appointmentTypeId);
    if (link?.deleted) throw locationLinkDeleted(providerId, locationId);
    return { client, provider, link, type };
  }
}
