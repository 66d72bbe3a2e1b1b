import { Injectable } from '@nestjs/common';
import { referenceNotFound } from '@app/shared/domain';
import { PractitionerQueries, type ProviderLocationLink, type ProviderView } from '@app/practitioners';
import type { AppointmentType } from '../domain/appointment-type.js';
import { AppointmentTypeRepository } from '../domain/appointment-type.repository.js';
import { type Booking, fitsBeside } from '../domain/booking.js';
import { BookingRepository, type ProviderDiary } from '../domain/booking.repository.js';
import { appointmentTypeDeleted, locationLinkDeleted, notLinked, notOffered, providerDeleted, slotUnavailable } from '../domain/scheduling.errors.js';

/** Who a booking is with, where, and for what. */
export interface Place {
  providerId: string;
  locationId: string;
  appointmentTypeId: string;
}

/** What the checks of a place read, archived or not; `null` for what the organisation does not have. */
export interface PlaceReads {
  provider: ProviderView | null;
  /** The provider's link to the location: the live one, else the last archived. */
  link: ProviderLocationLink | null;
  type: AppointmentType | null;
}

/** The time a booking is to hold in its provider's diary. */
export type Slot = Pick<Booking, 'id' | 'providerId' | 'locationId' | 'serviceDate' | 'endsAt'>;

/**
 * Where a booking may be, by the rules every booking follows whether it is new or moved: nothing it
 * names archived, the provider linked to the location, the appointment type offered by both, and a
 * time that fits the provider's other confirmed bookings, checked under the provider's lock so that
 * one slot has one winner.
 */
@Injectable()
export class BookingPlacement {
  constructor(
    private readonly appointmentTypes: AppointmentTypeRepository,
    private readonly practitioners: PractitionerQueries,
    private readonly bookings: BookingRepository,
  ) {}

  /** Reads what `verify` checks; a caller runs it beside its own reads. */
  async read(organisationId: string, place: Place): Promise<PlaceReads> {
    const [provider, link, type] = await Promise.all([
      this.practitioners.byIds(organisationId, [place.providerId]).then((found) => found.get(place.providerId) ?? null),
      this.practitioners.linkAt(organisationId, place.providerId, place.locationId),
      this.appointmentTypes.findById(organisationId, place.appointmentTypeId),
    ]);
    return { provider, link, type };
  }

  /**
   * An archived provider, appointment type, or link of the provider to the location takes no new
   * booking: a 409 that says which (`provider_deleted`, `appointment_type_deleted`,
   * `location_link_deleted`), in that order. What does not exist at all is left to `verify`.
   */
  refuseArchived(place: Place, { provider, link, type }: PlaceReads): void {
    if (provider?.deleted) throw providerDeleted(place.providerId);
    if (type?.deleted) throw appointmentTypeDeleted(place.appointmentTypeId);
    if (link?.deleted) throw locationLinkDeleted(place.providerId, place.locationId);
  }

  /** The link and type of a place that can take a booking, or the first rule it breaks. */
  verify(place: Place, reads: PlaceReads): { link: ProviderLocationLink; type: AppointmentType } {
    this.refuseArchived(place, reads);
    const { link, type } = reads;
    if (!type) throw referenceNotFound('appointmentTypeId', 'Appointment type', place.appointmentTypeId);
    if (!link) throw notLinked();
    if (!type.offers(place.providerId, place.locationId)) throw notOffered();
    return { link, type };
  }

  /**
   * Under the provider's lock (the slots are all one provider's): when every slot fits beside the provider's other confirmed bookings
   * (a group session with a place left counts as free), `write` puts the bookings there; otherwise
   * 409 `slot_unavailable` with the start of each slot that does not fit in `conflicts`, and
   * nothing is written. A booking being moved does not stand in its own way.
   */
  async reserve(slots: readonly Slot[], type: Pick<AppointmentType, 'id' | 'maxAttendees'>, write: (diary: ProviderDiary) => void): Promise<void> {
    await this.bookings.withProviderDiary(slots[0].providerId, async (diary) => {
      const conflicts: Date[] = [];
      for (const slot of slots) {
        const overlapping = (await diary.confirmedBookingsBetween(slot.serviceDate, slot.endsAt)).filter((other) => other.id !== slot.id);
        const candidate = { appointmentTypeId: type.id, locationId: slot.locationId, serviceDate: slot.serviceDate, maxAttendees: type.maxAttendees };
        if (!fitsBeside(overlapping, candidate)) conflicts.push(slot.serviceDate);
      }
      if (conflicts.length > 0) throw slotUnavailable(conflicts);
      write(diary);
    });
  }
}
