import type { Expansion } from '@app/shared';
import type { ClientQueries } from '@app/membership';
import type { DirectoryQueries } from '@app/organisations';
import type { PractitionerQueries } from '@app/practitioners';
import { AppointmentType } from '../../domain/appointment-type.js';
import { AppointmentTypeRepository } from '../../domain/appointment-type.repository.js';
import { Booking } from '../../domain/booking.js';
import { BookingRepository, type ProviderDiary, type ProviderLock } from '../../domain/booking.repository.js';
import { bookingNotFound } from '../../domain/scheduling.errors.js';
import { type BookingExpansion, BookingQueries, type BookingView } from '../booking.queries.js';
import { BookingWriteReads, type Parties, type Place, type PlaceParties } from '../booking-write-reads.js';

export class InMemoryAppointmentTypes extends AppointmentTypeRepository {
  constructor(readonly types: AppointmentType[] = []) {
    super();
  }

  async findById(organisationId: string, id: string): Promise<AppointmentType | null> {
    return this.types.find((type) => type.organisationId === organisationId && type.id === id) ?? null;
  }

  async lockById(organisationId: string, id: string): Promise<AppointmentType | null> {
    const type = await this.findById(organisationId, id);
    return type && copyOfType(type);
  }

  async add(type: AppointmentType): Promise<void> {
    this.types.push(type);
  }

  async save(type: AppointmentType): Promise<void> {
    const index = this.types.findIndex((stored) => stored.id === type.id);
    if (index === -1) throw new Error(`Appointment type ${type.id} was never added`);
    this.types[index] = copyOfType(type);
  }
}

/** A detached copy, as a fresh load from the database would give. */
const copyOfType = (type: AppointmentType): AppointmentType =>
  Object.assign(new AppointmentType(), structuredClone({ ...type }));

/** Keeps bookings in memory; a diary's additions are kept only when its work succeeds, as a transaction would. */
export class InMemoryBookings extends BookingRepository {
  readonly bookings: Booking[] = [];

  /** The types `lockWithType` reads beside a booking. */
  constructor(private readonly types: InMemoryAppointmentTypes = new InMemoryAppointmentTypes()) {
    super();
  }

  /** One caller at a time in memory, so a lock is a read. */
  async lockWithType(
    organisationId: string,
    id: string,
  ): Promise<{ booking: Booking; appointmentType: AppointmentType | null } | null> {
    const booking = this.bookings.find((stored) => stored.organisationId === organisationId && stored.id === id);
    if (!booking) return null;
    return {
      booking: copyOf(booking),
      appointmentType: await this.types.findById(organisationId, booking.appointmentTypeId),
    };
  }

  async saveSettlement(booking: Booking): Promise<void> {
    const index = this.bookings.findIndex((stored) => stored.id === booking.id);
    if (index === -1) throw new Error(`Booking ${booking.id} was never added`);
    Object.assign(this.bookings[index], {
      paid: booking.paid,
      invoiced: booking.invoiced,
      updatedAt: booking.updatedAt,
    });
  }

  async change(organisationId: string, id: string, change: (booking: Booking) => void): Promise<Booking | null> {
    const index = this.bookings.findIndex((booking) => booking.organisationId === organisationId && booking.id === id);
    if (index === -1) return null;
    const booking = copyOf(this.bookings[index]);
    change(booking);
    this.bookings[index] = copyOf(booking);
    return booking;
  }

  async changeLaterInSeries(
    organisationId: string,
    seriesId: string,
    after: Date,
    change: (booking: Booking) => void,
  ): Promise<Booking[]> {
    const later = this.bookings
      .filter(
        (booking) =>
          booking.organisationId === organisationId &&
          booking.seriesId === seriesId &&
          !booking.cancelledAt &&
          booking.serviceDate > after,
      )
      .sort((a, b) => a.serviceDate.getTime() - b.serviceDate.getTime());
    const changed: Booking[] = [];
    for (const booking of later) changed.push((await this.change(organisationId, booking.id, change))!);
    return changed;
  }

  /** Keeps the bookings as they were when `work` fails, as a rolled-back transaction would. */
  async inOneTransaction<T>(work: () => Promise<T>): Promise<T> {
    const before = this.bookings.map(copyOf);
    try {
      return await work();
    } catch (error) {
      this.bookings.splice(0, this.bookings.length, ...before);
      throw error;
    }
  }

  async withProviderDiary<T>({ providerId }: ProviderLock, work: (diary: ProviderDiary) => Promise<T>): Promise<T> {
    const added: Booking[] = [];
    const moved: Booking[] = [];
    const result = await work({
      confirmedBookingsBetween: async (start, end) =>
        this.bookings
          .filter(
            (booking) =>
              booking.providerId === providerId &&
              !booking.cancelledAt &&
              booking.serviceDate < end &&
              booking.endsAt > start,
          )
          .map(copyOf),
      add: (booking) => added.push(booking),
      move: (booking) => moved.push(booking),
    });
    this.bookings.push(...added.map(copyOf));
    for (const booking of moved)
      this.bookings[this.bookings.findIndex((stored) => stored.id === booking.id)] = copyOf(booking);
    return result;
  }
}

/**
 * The reads of bookings' writes over the other contexts' in-memory queries (each party a read of its
 * own, as the database does in one statement), and the bookings kept by `InMemoryBookings`. The
 * lock is a token: the specs that use this run one write at a time.
 */
export class QueriedBookingWriteReads extends BookingWriteReads {
  constructor(
    private readonly practitioners: PractitionerQueries,
    private readonly types: AppointmentTypeRepository,
    private readonly clients: ClientQueries,
    private readonly locations: DirectoryQueries,
    private readonly bookings: InMemoryBookings,
  ) {
    super();
  }

  async lockPlace(
    organisationId: string,
    place: Place,
    clientId: string,
  ): Promise<PlaceParties & { lock: ProviderLock }> {
    const [parties, client] = await Promise.all([
      this.ofPlace(organisationId, place),
      this.clientOf(organisationId, clientId),
    ]);
    return { ...parties, client, lock: { providerId: place.providerId } as ProviderLock };
  }

  async ofPlace(organisationId: string, place: Place): Promise<PlaceParties> {
    const [provider, link, appointmentType, location] = await Promise.all([
      this.practitioners.byIds(organisationId, [place.providerId]).then((found) => found.get(place.providerId) ?? null),
      this.practitioners.linkAt(organisationId, place.providerId, place.locationId),
      this.types.findById(organisationId, place.appointmentTypeId),
      this.locations.locations(organisationId, [place.locationId]).then((found) => found.get(place.locationId) ?? null),
    ]);
    return { provider, link, appointmentType, location, client: null };
  }

  async change(
    organisationId: string,
    bookingId: string,
    change: (booking: Booking) => void,
  ): Promise<{ booking: Booking; parties: Parties } | null> {
    const booking = await this.bookings.change(organisationId, bookingId, change);
    if (!booking) return null;
    const { provider, appointmentType, location } = await this.ofPlace(organisationId, booking);
    return {
      booking,
      parties: { provider, appointmentType, location, client: await this.clientOf(organisationId, booking.clientId) },
    };
  }

  private async clientOf(organisationId: string, clientId: string) {
    return (await this.clients.findByIds(organisationId, [clientId])).get(clientId) ?? null;
  }
}

/**
 * Reads a stored booking back, without its parties (those stay `null`): enough to see what a use
 * case records.
 */
export class StoredBookingQueries extends BookingQueries {
  constructor(private readonly stored: InMemoryBookings) {
    super();
  }

  async find(organisationId: string, bookingId: string): Promise<Booking> {
    const booking = this.stored.bookings.find(
      (stored) => stored.organisationId === organisationId && stored.id === bookingId,
    );
    if (!booking) throw bookingNotFound(bookingId);
    return copyOf(booking);
  }

  async withParties(
    _organisationId: string,
    rows: Booking[],
    expansion: Expansion<BookingExpansion>,
  ): Promise<BookingView[]> {
    return rows.map((booking) => ({
      booking,
      expansion,
      provider: null,
      location: null,
      appointmentType: null,
      client: null,
    }));
  }

  list(): never {
    throw new Error('Not read by the specs that use this fake');
  }

  byManageToken(): never {
    throw new Error('Not read by the specs that use this fake');
  }
}

const copyOf = (booking: Booking): Booking => Object.assign(new Booking(), structuredClone({ ...booking }));
