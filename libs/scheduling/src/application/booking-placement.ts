import { Injectable } from '@nestjs/common';
import { referenceNotFound } from '@app/shared/domain';
import type { ProviderLocationLink } from '@app/practitioners';
import type { AppointmentType } from '../domain/appointment-type.js';
import { type Booking, fitsBeside } from '../domain/booking.js';
import { BookingRepository, type ProviderDiary, type ProviderLock } from '../domain/booking.repository.js';
import {
  appointmentTypeDeleted,
  locationLinkDeleted,
  notLinked,
  notOffered,
  providerDeleted,
  slotUnavailable,
} from '../domain/scheduling.errors.js';
import { BookingWriteReads, type Place, type PlaceParties } from './booking-write-reads.js';

/** What the checks of a place look at. */
type PlaceChecked = Pick<PlaceParties, 'provider' | 'link' | 'appointmentType'>;

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
    private readonly reads: BookingWriteReads,
    private readonly bookings: BookingRepository,
  ) {}

  /** Reads what `verify` checks, for checks made before the write's transaction. */
  read(organisationId: string, place: Place): Promise<PlaceParties> {
    return this.reads.ofPlace(organisationId, place);
  }

  /**
   * In the write's transaction, in one statement: the place's parties and the client (what `verify`
   * checks and the booking's answer shows), and the provider's lock, which `reserve` asks for.
   */
  lock(organisationId: string, place: Place, clientId: string): Promise<PlaceParties & { lock: ProviderLock }> {
    return this.reads.lockPlace(organisationId, place, clientId);
  }

  /**
   * An archived provider, appointment type, or link of the provider to the location takes no new
   * booking: a 409 that says which (`provider_deleted`, `appointment_type_deleted`,
   * `location_link_deleted`), in that order. What does not exist at all is left to `verify`.
   */
  refuseArchived(place: Place, { provider, link, appointmentType }: PlaceChecked): void {
    if (provider?.deleted) throw providerDeleted(place.providerId);
    if (appointmentType?.deleted) throw appointmentTypeDeleted(place.appointmentTypeId);
    if (link?.deleted) throw locationLinkDeleted(place.providerId, place.locationId);
  }

  /** The link and type of a place that can take a booking, or the first rule it breaks. */
  verify(place: Place, reads: PlaceChecked): { link: ProviderLocationLink; type: AppointmentType } {
    this.refuseArchived(place, reads);
    const { link, appointmentType: type } = reads;
    if (!type) throw referenceNotFound('appointmentTypeId', 'Appointment type', place.appointmentTypeId);
    if (!link) throw notLinked();
    if (!type.offers(place.providerId, place.locationId)) throw notOffered();
    return { link, type };
  }

  /**
   * Under the provider's lock (the slots are all that provider's): when every slot fits beside the
   * provider's other confirmed bookings (a group session with a place left counts as free), `write`
   * puts the bookings there; otherwise 409 `slot_unavailable` with the start of each slot that does
   * not fit in `conflicts`, and nothing is written. A booking being moved does not stand in its own way.
   */
  async reserve(
    lock: ProviderLock,
    slots: readonly Slot[],
    type: Pick<AppointmentType, 'id' | 'maxAttendees'>,
    write: (diary: ProviderDiary) => void,
  ): Promise<void> {
    await this.bookings.withProviderDiary(lock, async (diary) => {
      const conflicts: Date[] = [];
      for (const slot of slots) {
        const overlapping = (await diary.confirmedBookingsBetween(slot.serviceDate, slot.endsAt)).filter(
          (other) => other.id !== slot.id,
        );
        const candidate = {
          appointmentTypeId: type.id,
          locationId: slot.locationId,
          serviceDate: slot.serviceDate,
          maxAttendees: type.maxAttendees,
        };
        if (!fitsBeside(overlapping, candidate)) conflicts.push(slot.serviceDate);
      }
      if (conflicts.length > 0) throw slotUnavailable(conflicts);
      write(diary);
    });
  }
}
