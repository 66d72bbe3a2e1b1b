// Scenario G's two writes on bare `pg`, in the service's transactions: making a booking and
// cancelling it, each with its event row and its notifications job row written before the commit.
// Each step sends the statement the service sends (the same text, literals aside, in the same
// order, named or unnamed as the service's), and writes the same rows; the answer is the booking as
// the service answers it. `test/bench-baselines.e2e-spec.ts` compares both on every test run and
// prints the two sequences side by side when they differ; the harness compares them again.
//
// To follow a change to the service's statements, change the step that sends it below: each step
// names the code of the service it copies. The statements, in order:
//
//   POST …/bookings (libs/scheduling/src/application/create-booking.use-case.ts)
//     begin; the provider's lock with the place's parties and the client, in one statement
//       (BookingPlacement.lock: SqlBookingWriteReads.lockPlace, `placeStatement(true)` through SqlReader.row);
//     its overlapping confirmed bookings (BookingPlacement.reserve); insert the booking (the ORM's flush);
//     the event and its job in one statement (SqlEventStore.append: `eventsInsert` in front of
//       pg-boss's insert of the NotificationDispatch.planJob, PgBossJobs.sendWith: `withLeadingWrite`); commit
//   POST …/bookings/{id}/cancel (libs/composition/src/bookings/cancel-booking.use-case.ts)
//     begin; the booking, locked, with its parties (BookingCancellation.cancel: SqlBookingWriteReads.change,
//       `bookingStatement(true)`; again unlocked only when a move committed meanwhile); update it (the
//     ORM's flush); its payment links waiting to be paid (PaymentsRepository.lockWaitingLinksOf: none in
//     the bench); the event and its job in one statement, as above; commit
//
// The answers, and the events' data, are the booking written (or changed) and the parties read in
// its first statement, as the service renders them without reading the booking back.
//
// Also copied from (keep in step with):
//   libs/scheduling/src/domain/booking.ts                              Booking.create, cancel, fitsBeside
//   libs/scheduling/src/application/booking-placement.ts               refuseArchived, verify (their order)
//   libs/jobs/src/pg-boss-jobs.ts                                      insertedJob (the job pg-boss inserts)
// The statements of `SqlReader.row`, the events' insert and its join with the job's come from the
// service's own functions (`statements.bookingWrites`), the ids too (`statements.ids`), the job
// statement from pg-boss.
import { getQueues, insertJobs } from 'pg-boss/dist/plans.js';
import { NotFound } from './queries.mjs';
import {
  appointmentTypeResponse,
  bookingResponse,
  clientView,
  locationResponse,
  providerResponse,
} from './responses.mjs';

export class BadRequest extends Error {}
export class Conflict extends Error {}

const PLAN_QUEUE = 'notifications.plan';

/**
 * What the writes need beside `loadStatements`' statements: the job engine's statement that inserts
 * a notifications job, as pg-boss builds it for the queue the service created (its table, and
 * whether it notifies), in the schema the service uses (`JOBS_SCHEMA`, default `pgboss`).
 */
export async function loadJobStatement(pool, schema = process.env.JOBS_SCHEMA || 'pgboss') {
  const queues = getQueues(schema, [PLAN_QUEUE]);
  const [queue] = (await pool.query(queues.text, queues.values)).rows;
  if (!queue)
    throw new Error(`The job queue ${PLAN_QUEUE} does not exist in schema ${schema}: start the service once first.`);
  // As PgBossJobs.sendWith has pg-boss insert them: `boss.insert`, which asks for no ids back.
  return insertJobs(schema, { table: queue.table, name: PLAN_QUEUE, returnId: false, notify: Boolean(queue.notify) });
}

/** A value written into a statement as the ORM writes its parameters inline. */
function literal(value) {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'object') return literal(JSON.stringify(value));
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The ORM's `?` placeholders filled with `literal`s, as `em.execute(sql, params)` sends them. */
const inline = (text, values) => {
  let index = 0;
  return text.replace(/\?/g, () => literal(values[index++]));
};

/** Whether a new booking fits beside the provider's overlapping confirmed ones (a group session with a place left). */
const fitsBeside = (overlapping, candidate) =>
  overlapping.length === 0 ||
  (overlapping.every(
    (other) =>
      other.appointment_type_id === candidate.appointmentTypeId &&
      other.location_id === candidate.locationId &&
      new Date(other.service_date).getTime() === candidate.serviceDate.getTime(),
  ) &&
    overlapping.length < candidate.maxAttendees);

/**
 * The reads of a `SqlReader.row` statement's row, by name: each the row's `<name>.<property>`
 * columns under their property, or `null` when it found none (its column `<name>` is not `true`).
 */
function readsOf(row, names) {
  const reads = Object.fromEntries(names.map((name) => [name, row[name] === true ? {} : null]));
  for (const [key, value] of Object.entries(row)) {
    const dot = key.indexOf('.');
    if (dot > 0) {
      const read = reads[key.slice(0, dot)];
      if (read) read[key.slice(dot + 1)] = value;
    }
  }
  return reads;
}

/** A booking as its answer shows it, with its parties as the service renders them (no expansion). */
const bookingAnswer = (booking, { provider, location, appointmentType, client }) =>
  bookingResponse(
    booking,
    {
      provider: provider && providerResponse(provider),
      location: location && locationResponse(location),
      appointmentType: appointmentType && appointmentTypeResponse(appointmentType),
      client: client && clientView(client),
    },
    {},
  );

/** Whether the parties read are the booking's own (SqlBookingWriteReads' `partiesOf`). */
const partiesOf = (booking, parties) =>
  parties.provider?.id === booking.providerId &&
  parties.location?.id === booking.locationId &&
  parties.appointmentType?.id === booking.appointmentTypeId &&
  parties.client?.id === booking.clientId;

/**
 * G's writes over one `pg.Pool`. `statements`: `loadStatements`'; `jobStatement`: `loadJobStatement`'s.
 * Only what the bench sends is handled (one booking, no repeat, no fee): anything else is refused.
 */
export function createWrites(pool, statements, jobStatement) {
  const { newUuid, isUuid, newEvent, jobIdOf } = statements.ids;
  const {
    lockPlace,
    lockBooking,
    booking: bookingOf,
    lockKeyOf,
    eventsInsert,
    withLeadingWrite,
  } = statements.bookingWrites;
  const uuidOrNull = (id) => (id !== null && isUuid(id) ? id : null);

  /** `work(send)` in a transaction: `send(text, values)` goes unnamed on its connection, as the service's statements inside one do. */
  async function transaction(work) {
    const client = await pool.connect();
    const send = async (text, values) => (await client.query(text, values)).rows;
    try {
      await send('begin');
      const result = await work(send);
      await send('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * The event of a change with its notifications job, in one statement, as DomainEvents.record
   * writes them; `answer` is the event's data. Its JSON, the write's answer.
   */
  async function record(send, type, organisationId, bookingId, answer) {
    const event = newEvent(type, organisationId, answer, new Date());
    // The job as NotificationDispatch.planJob asks for it, and as pg-boss's `insert` writes it.
    const job = {
      id: jobIdOf(PLAN_QUEUE, event.id, bookingId),
      data: { organisationId, bookingId, eventId: event.id, eventType: type },
      __traceContext: null,
    };
    const { text, values } = withLeadingWrite(eventsInsert([event]), jobStatement, [JSON.stringify([job])]);
    await send(text, values);
    return JSON.stringify(answer);
  }

  async function createBooking(organisationId, body) {
    const { clientId, providerId, locationId, appointmentTypeId } = body;
    const serviceDate = new Date(body.serviceDate);
    if (
      Number.isNaN(serviceDate.getTime()) ||
      ![clientId, providerId, locationId, appointmentTypeId].every((id) => typeof id === 'string')
    )
      throw new BadRequest('clientId, providerId, locationId, appointmentTypeId and serviceDate are required');
    if (body.paymentMethodId || body.healthFundCardId || body.repeat)
      throw new BadRequest('the baseline books without cards or repeats');
    return transaction(async (send) => {
      const [row] = await send(lockPlace.text, [
        organisationId,
        uuidOrNull(providerId),
        uuidOrNull(locationId),
        uuidOrNull(appointmentTypeId),
        uuidOrNull(clientId),
        lockKeyOf(providerId),
      ]);
      const { provider, link, appointmentType: type, location, client } = readsOf(row, lockPlace.reads);
      // CreateBooking's checks, then BookingPlacement.verify's, in their order.
      if (client?.deleted || provider?.deleted || type?.deleted || link?.deleted) throw new Conflict('archived');
      if (!client || !type) throw new NotFound('client or appointment type');
      if (!link || !type.providerIds.includes(providerId) || !type.locationIds.includes(locationId))
        throw new Conflict('not linked or not offered');

      const now = new Date();
      const booking = {
        id: newUuid(),
        organisationId,
        clientId,
        providerId,
        locationId,
        appointmentTypeId,
        providerLocationLinkId: link.id,
        serviceDate,
        endsAt: new Date(serviceDate.getTime() + type.durationMinutes * 60_000),
        servicePrice: type.price,
        paid: false,
        invoiced: false,
        adjustments: [],
        cancelledAt: null,
        paymentMethodId: null,
        healthFundCardId: null,
        pmsBookingId: body.pmsBookingId ?? null,
        pmsAttendeeId: body.pmsAttendeeId ?? null,
        manageTokenHash: null,
        attendance: 'pending',
        arrivedAt: null,
        noShowFeeChargedAt: null,
        seriesId: null,
        createdAt: now,
        updatedAt: now,
      };
      const overlapping = await send(
        `select "b0".* from "bookings" as "b0" where "b0"."provider_id" = ${literal(providerId)} and "b0"."cancelled_at" is null and "b0"."service_date" < ${literal(booking.endsAt)} and "b0"."ends_at" > ${literal(serviceDate)}`,
      );
      if (!fitsBeside(overlapping, { appointmentTypeId, locationId, serviceDate, maxAttendees: type.maxAttendees }))
        throw new Conflict('slot_unavailable');
      const columns = statements.bookingColumns;
      await send(
        `insert into "bookings" (${columns.map(({ column }) => `"${column}"`).join(', ')}) values (${columns.map(({ property }) => literal(booking[property])).join(', ')})`,
      );
      return record(
        send,
        'booking.created',
        organisationId,
        booking.id,
        bookingAnswer(booking, { provider, location, appointmentType: type, client }),
      );
    });
  }

  async function cancelBooking(organisationId, bookingId) {
    if (!isUuid(bookingId)) throw new NotFound(`Booking ${bookingId} not found`);
    return transaction(async (send) => {
      const [locked] = await send(lockBooking.text, [bookingId, organisationId]);
      if (!locked) throw new NotFound(`Booking ${bookingId} not found`);
      const booking = Object.fromEntries(
        statements.bookingColumns.map(({ property, column }) => [property, locked[column]]),
      );
      const parties = partiesOf(booking, readsOf(locked, lockBooking.reads))
        ? readsOf(locked, lockBooking.reads)
        : readsOf((await send(bookingOf.text, [bookingId, organisationId]))[0], bookingOf.reads);
      const now = new Date();
      if (booking.cancelledAt) throw new Conflict('booking_already_cancelled');
      if (new Date(booking.serviceDate).getTime() <= now.getTime()) throw new Conflict('booking_in_past');
      booking.cancelledAt = now;
      booking.updatedAt = new Date(Math.max(now.getTime(), new Date(booking.updatedAt).getTime() + 1));
      await send(
        `update "bookings" set "cancelled_at" = ${literal(booking.cancelledAt)}, "updated_at" = ${literal(booking.updatedAt)} where "id" = ${literal(bookingId)}`,
      );
      const waiting = await send(
        inline(
          `select p.id from payment_transactions p join transactions t on t.id = p.transaction_id
       where t.organisation_id = ? and t.booking_id = ? and p.payment->>'status' in (?, ?)
         and not exists (select 1 from invoices i where i.organisation_id = t.organisation_id and i.booking_id = t.booking_id
                           and i.fee and t.id = any (i.transaction_ids))`,
          [organisationId, bookingId, 'requires_payment_method', 'requires_action'],
        ),
      );
      if (waiting.length) throw new BadRequest('the baseline cancels no waiting payments');
      return record(send, 'booking.cancelled', organisationId, bookingId, bookingAnswer(booking, parties));
    });
  }

  return { createBooking, cancelBooking };
}
