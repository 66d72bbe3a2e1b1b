import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { transactionConnection } from '@app/shared';
import { SqlReader } from '@app/shared/sql';
import { isUuid } from '@app/shared/domain';
import { clientRead } from '@app/membership';
import { locationRead } from '@app/organisations';
import { linkAtRead, providerRead } from '@app/practitioners';
import {
  BookingWriteReads,
  type Parties,
  type Place,
  type PlaceParties,
} from '../../application/booking-write-reads.js';
import { Booking } from '../../domain/booking.js';
import type { ProviderLock } from '../../domain/booking.repository.js';
import { JOIN_RUNNING } from './mikro-orm-scheduling.repositories.js';
import { appointmentTypeRead } from './sql-appointment-type.queries.js';

/** A booking's parties, each read by the context that owns it, over the columns of the booking `b`. */
const PARTIES_OF_BOOKING = {
  provider: providerRead('b.organisation_id', 'b.provider_id'),
  location: locationRead('b.organisation_id', 'b.location_id'),
  appointmentType: appointmentTypeRead('b.organisation_id', 'b.appointment_type_id'),
  client: clientRead('b.organisation_id', 'b.client_id'),
};

/**
 * The statement of a place's parties, each as its own context reads it: `$1` the organisation, `$2`
 * the provider, `$3` the location, `$4` the appointment type, `$5` the client; with `locked`, the
 * provider's lock on `$6` (`lockKeyOf`) taken in it. The bench baselines send it too.
 */
export const placeStatement = (locked: boolean) => ({
  ...(locked && { columns: 'pg_advisory_xact_lock(hashtextextended($6, 0)) as "locked"' }),
  from: '(select) one',
  reads: {
    provider: providerRead('$1', '$2'),
    link: linkAtRead('$1', '$2', '$3'),
    appointmentType: appointmentTypeRead('$1', '$4'),
    location: locationRead('$1', '$3'),
    client: clientRead('$1', '$5'),
  },
});

/** The key of a provider's booking lock. */
export const lockKeyOf = (providerId: string) => `booking:${providerId}`;

/** The statement of a booking (`$1`, of the organisation `$2`) with its parties, its row locked with `lock`. The bench baselines send it too. */
export const bookingStatement = (lock: boolean) => ({
  columns: 'b.*',
  from: 'bookings b',
  reads: PARTIES_OF_BOOKING,
  rest: `where b.id = $1 and b.organisation_id = $2${lock ? ' for update of b' : ''}`,
});

/** An id the statement can compare with a uuid column; one that is not a UUID names nothing. */
const uuidOrNull = (id: string | null) => (id !== null && isUuid(id) ? id : null);

/**
 * `BookingWriteReads` in one statement each: the parties side by side (`SqlReader.row`), each read
 * as its own context reads it, and the lock taken in the same statement. A provider's lock is a
 * transaction-scoped advisory lock on a hash of its id: concurrent bookings for one provider queue
 * on it, and the overlap check that follows, a statement of its own, sees what the last holder
 * committed.
 */
@Injectable()
export class SqlBookingWriteReads extends BookingWriteReads {
  private bookingColumns?: string[];

  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
  ) {
    super();
  }

  async lockPlace(
    organisationId: string,
    place: Place,
    clientId: string,
  ): Promise<PlaceParties & { lock: ProviderLock }> {
    if (!transactionConnection(this.em))
      throw new Error("A provider's booking lock is taken inside the transaction of the booking's write.");
    const parties = await this.ofPlaceAnd(organisationId, place, clientId, lockKeyOf(place.providerId));
    return { ...parties, lock: { providerId: place.providerId } as ProviderLock };
  }

  ofPlace(organisationId: string, place: Place): Promise<PlaceParties> {
    return this.ofPlaceAnd(organisationId, place, null, null);
  }

  private async ofPlaceAnd(
    organisationId: string,
    place: Place,
    clientId: string | null,
    lockKey: string | null,
  ): Promise<PlaceParties> {
    const answer = await this.sql.row(placeStatement(lockKey !== null), [
      organisationId,
      uuidOrNull(place.providerId),
      uuidOrNull(place.locationId),
      uuidOrNull(place.appointmentTypeId),
      uuidOrNull(clientId),
      ...(lockKey !== null ? [lockKey] : []),
    ]);
    // `from (select)` is one row, whatever the reads find.
    return answer!.reads;
  }

  change(
    organisationId: string,
    bookingId: string,
    change: (booking: Booking) => void,
  ): Promise<{ booking: Booking; parties: Parties } | null> {
    return this.em.transactional(async (tx) => {
      if (!isUuid(bookingId)) return null;
      const locked = await this.bookingRow(organisationId, bookingId, true);
      if (!locked) return null;
      // The row as the ORM's own load gives it, so that its flush writes what `change` changed.
      const booking = tx.map(
        Booking,
        Object.fromEntries(this.bookingColumnsOf(tx).map((column) => [column, locked.row[column]])),
      );
      // A change committed while this waited for the lock may have moved the booking: its parties
      // were read before, with the rest of the statement, so they are read again.
      const parties = partiesOf(booking, locked.reads)
        ? locked.reads
        : (await this.bookingRow(organisationId, bookingId, false))!.reads;
      change(booking);
      await tx.flush();
      return { booking, parties };
    }, JOIN_RUNNING);
  }

  private bookingRow(organisationId: string, bookingId: string, lock: boolean) {
    return this.sql.row(bookingStatement(lock), [bookingId, organisationId]);
  }

  private bookingColumnsOf(em: EntityManager): string[] {
    return (this.bookingColumns ??= em
      .getMetadata()
      .get(Booking)
      .props.flatMap((prop) => prop.fieldNames ?? []));
  }
}

/** Whether the parties read are the booking's own. */
function partiesOf(booking: Booking, parties: Parties): boolean {
  return (
    parties.provider?.id === booking.providerId &&
    parties.location?.id === booking.locationId &&
    parties.appointmentType?.id === booking.appointmentTypeId &&
    parties.client?.id === booking.clientId
  );
}
