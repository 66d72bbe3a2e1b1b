import { EntityManager, LockMode, TransactionPropagation } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppointmentType } from '../../domain/appointment-type.js';
import { AppointmentTypeRepository } from '../../domain/appointment-type.repository.js';
import { Booking } from '../../domain/booking.js';
import { BookingRepository, type ProviderDiary } from '../../domain/booking.repository.js';

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
    return this.em.findOne(AppointmentType, { id, organisationId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  async add(type: AppointmentType): Promise<void> {
    await this.em.persist(type).flush();
  }

  async save(type: AppointmentType): Promise<void> {
    await this.em.persist(type).flush();
  }
}

// Inside a use case's transaction (one that records events) these join it: no savepoint to pay for.
const JOIN_RUNNING = { propagation: TransactionPropagation.REQUIRED };

@Injectable()
export class MikroOrmBookingRepository extends BookingRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  change(organisationId: string, id: string, change: (booking: Booking) => void): Promise<Booking | null> {
    return this.em.transactional(async (tx) => {
      const booking = await tx.findOne(Booking, { id, organisationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (booking) change(booking);
      await tx.flush();
      return booking;
    }, JOIN_RUNNING);
  }

  changeLaterInSeries(organisationId: string, seriesId: string, after: Date, change: (booking: Booking) => void): Promise<Booking[]> {
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
    // The EntityManager resolves to this transaction's fork inside `work`, and the diary's own
    // transaction nests in it as a savepoint, so its lock lasts until this one commits.
    return this.em.transactional(() => work());
  }

  withProviderDiary<T>(providerId: string, work: (diary: ProviderDiary) => Promise<T>): Promise<T> {
    return this.em.transactional(async (tx) => {
      // A transaction-scoped lock per provider: concurrent bookings for one provider queue here.
      await tx.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`booking:${providerId}`]);
      const result = await work({
        confirmedBookingsBetween: (start, end) => tx.find(Booking, { providerId, cancelledAt: null, serviceDate: { $lt: end }, endsAt: { $gt: start } }),
        add: (booking) => tx.persist(booking),
        // Loaded by `change` in this same transaction, so already managed: the flush below writes it.
        move: (booking) => tx.persist(booking),
      });
      await tx.flush();
      return result;
    }, JOIN_RUNNING);
  }
}
