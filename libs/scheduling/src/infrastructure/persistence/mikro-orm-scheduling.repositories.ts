import { EntityManager, LockMode, TransactionPropagation } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { transactionConnection } from '@app/shared';
import { SqlReader } from '@app/shared/sql';
import { AppointmentType } from '../../domain/appointment-type.js';
import { AppointmentTypeRepository } from '../../domain/appointment-type.repository.js';
import { Booking } from '../../domain/booking.js';
import { BookingRepository, type ProviderDiary, type ProviderLock } from '../../domain/booking.repository.js';
import { APPOINTMENT_TYPES } from './sql-appointment-type.queries.js';
import { BOOKINGS } from './sql-booking.queries.js';

@Injectable()
export class MikroOrmAppointmentTypeRepository extends AppointmentTypeRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findById(organisationId: string, id: string): Promise<AppointmentType | null> {
    return this.em.findOne(AppointmentType, { id, organisationId });
  }

  lockById(organisationId: string, id: string): Promise<AppointmentType | null> {
    // `refresh`: a copy read earlier in this unit of work may be stale; the locked read is what the change works on.
    return this.em.findOne(
      AppointmentType,
      { id, organisationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
  }

  async add(type: AppointmentType): Promise<void> {
    await this.em.persist(type).flush();
  }

  async save(type: AppointmentType): Promise<void> {
    await this.em.persist(type).flush();
  }
}

// Inside a use case's transaction (one that records events) these join it: no savepoint to pay for.
export const JOIN_RUNNING = { propagation: TransactionPropagation.REQUIRED };

@Injectable()
export class MikroOrmBookingRepository extends BookingRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
  ) {
    super();
  }

  async lockWithType(
    organisationId: string,
    id: string,
  ): Promise<{ booking: Booking; appointmentType: AppointmentType | null } | null> {
    // Outside a transaction the lock would end with its own statement.
    if (!transactionConnection(this.em)) throw new Error('A booking is locked inside the transaction of its change.');
    const pair = await this.sql.firstPair(
      BOOKINGS,
      APPOINTMENT_TYPES,
      `left join appointment_types t on t.id = b.appointment_type_id and t.organisation_id = b.organisation_id
       where b.organisation_id = $1 and b.id = $2 for update of b`,
      [organisationId, id],
    );
    return pair && { booking: pair[0], appointmentType: pair[1] };
  }

  async saveSettlement(booking: Booking): Promise<void> {
    await this.em.execute(
      'update bookings set paid = ?, invoiced = ?, updated_at = ? where organisation_id = ? and id = ?',
      [booking.paid, booking.invoiced, booking.updatedAt, booking.organisationId, booking.id],
    );
  }

  change(organisationId: string, id: string, change: (booking: Booking) => void): Promise<Booking | null> {
    return this.em.transactional(async (tx) => {
      const booking = await tx.findOne(Booking, { id, organisationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (booking) change(booking);
      await tx.flush();
      return booking;
    }, JOIN_RUNNING);
  }

  changeLaterInSeries(
    organisationId: string,
    seriesId: string,
    after: Date,
    change: (booking: Booking) => void,
  ): Promise<Booking[]> {
    return this.em.transactional(async (tx) => {
      const bookings = await tx.find(
        Booking,
        { organisationId, seriesId, cancelledAt: null, serviceDate: { $gt: after } },
        { orderBy: { serviceDate: 'asc', id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      bookings.forEach(change);
      await tx.flush();
      return bookings;
    }, JOIN_RUNNING);
  }

  inOneTransaction<T>(work: () => Promise<T>): Promise<T> {
    // The EntityManager resolves to this transaction's fork inside `work`, and the transactions of
    // `work` (the outbox's, the diary's) join it, so the provider's lock lasts until this one commits.
    return this.em.transactional(() => work());
  }

  withProviderDiary<T>({ providerId }: ProviderLock, work: (diary: ProviderDiary) => Promise<T>): Promise<T> {
    return this.em.transactional(async (tx) => {
      const result = await work({
        confirmedBookingsBetween: (start, end) =>
          tx.find(Booking, { providerId, cancelledAt: null, serviceDate: { $lt: end }, endsAt: { $gt: start } }),
        add: (booking) => tx.persist(booking),
        // Loaded by `change` in this same transaction, so already managed: the flush below writes it.
        move: (booking) => tx.persist(booking),
      });
      await tx.flush();
      return result;
    }, JOIN_RUNNING);
  }
}
