/** Every event type; a family is the part before the dot (`booking.*`). */
export const EVENT_TYPES = [
  'organisation.updated',
  'business.updated',
  'location.created',
  'location.updated',
  'member.created',
  'member.updated',
  'client.created',
  'client.updated',
  'client.deleted',
  'provider.created',
  'provider.updated',
  'provider.deleted',
  'provider_location_link.created',
  'provider_location_link.updated',
  'provider_location_link.deleted',
  'wallet_card.created',
  'referral.created',
  'referral.updated',
  'referral.deleted',
  'appointment_type.created',
  'appointment_type.updated',
  'appointment_type.deleted',
  'booking.created',
  'booking.cancelled',
  'booking.paid',
  'booking.rescheduled',
  'booking.arrived',
  'booking.no_show',
  'transaction.created',
  'transaction.cancelled',
  'confirmation.sent',
  'confirmation.verified',
  'confirmation.expired',
  'payment.succeeded',
  'payment.failed',
  'claim.approved',
  'claim.rejected',
  'claim.voided',
  'medicare_claim.approved',
  'medicare_claim.rejected',
  'medicare_claim.voided',
  'refund.created',
  'refund.failed',
  'payout.created',
  'payout.paid',
  'payout.failed',
  'remittance.received',
  'remittance.reconciled',
  'invoice.created',
  'invoice.paid',
  'adjustment_note.created',
  'webhook_endpoint.test',
  'webhook_endpoint.disabled',
  'notification.failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The port every context records its events through (a transactional outbox): an event is written
 * in the database transaction of its change, so it exists exactly when the change commits.
 */
export abstract class DomainEvents {
  /**
   * Runs `change` in one database transaction (the running one, when there is one); the events it
   * records commit with it, or not at all. Inside, reads see the transaction's own writes, so
   * `data` can be rendered as GET answers.
   */
  abstract transaction<T>(change: () => Promise<T>): Promise<T>;
  /**
   * Records an event in the running transaction. `resource` is the changed resource as the use case
   * holds it (its view or domain object); the outbox turns it into the event's `data` with the
   * renderer the owning context's http layer registered in `EventRenderers`, so `data` is the
   * resource as its GET returns it. `organisationId` null for a change no organisation owns (a
   * member a platform key created). `beside` holds members the event carries next to `data`: only
   * `booking.rescheduled` has one, `previous`.
   */
  abstract record(
    type: EventType,
    organisationId: string | null,
    resource: object,
    beside?: EventBeside,
  ): Promise<void>;

  /**
   * Records several events of one change, in this order, as `record` would one by one; the outbox
   * writes them in one statement.
   */
  async recordAll(events: readonly EventToRecord[]): Promise<void> {
    for (const event of events) await this.record(event.type, event.organisationId, event.resource, event.beside);
  }
}

/** One event of `recordAll`: what `record` takes. */
export interface EventToRecord {
  type: EventType;
  organisationId: string | null;
  resource: object;
  beside?: EventBeside;
}

/** What a change replaced, as plain JSON: `booking.rescheduled`'s `previous` is where the booking was. */
export interface EventBeside {
  previous: object;
}

/**
 * How each event type's `data` is rendered: the owning context's http layer registers its GET's DTO,
 * so use cases never import HTTP and an event never has a second shape to keep.
 */
export class EventRenderers {
  private readonly byType = new Map<EventType, (resource: never) => object>();

  register<R extends object>(types: readonly EventType[], render: (resource: R) => object): void {
    for (const type of types) {
      if (this.byType.has(type)) throw new Error(`Event type ${type} has two renderers`);
      this.byType.set(type, render);
    }
  }

  has(type: EventType): boolean {
    return this.byType.has(type);
  }

  render(type: EventType, resource: object): object {
    const render = this.byType.get(type);
    if (!render)
      throw new Error(`Event type ${type} has no renderer: its context's http layer registers one with eventData()`);
    return render(resource as never);
  }
}

/** An event as the outbox records it, for the reactions of the contexts above it. */
export interface RecordedEvent<R extends object = object> {
  id: string;
  type: EventType;
  organisationId: string | null;
  /** The changed resource as the use case recorded it (its view or domain object), before rendering. */
  resource: R;
}

/** How a job is sent (the job engine's `send` options). */
export interface JobOptions {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** A UUID naming the job: a second send with the same id is dropped, so a retried sender queues it once. */
  id?: string;
  /** Whose job it is (an organisation id): a queue's `concurrencyPerGroup` bounds how many of one group's jobs run at once. */
  group?: string;
}

/** A job to queue: its queue, its data and how it is sent. */
export interface JobRequest {
  queue: string;
  data: object;
  options?: JobOptions;
}

/**
 * What contexts above the outbox do when an event is recorded: the jobs they queue (notifications'
 * job that writes a booking's emails), written with the event, in its statement and its
 * transaction, so they exist exactly when the change commits. A context registers its reactions at
 * start-up; the outbox asks them for their jobs as it records the event. So the outbox calls up
 * into notifications without importing them.
 */
export class EventReactions {
  private readonly byType = new Map<EventType, ((event: RecordedEvent<never>) => JobRequest[])[]>();

  register<R extends object>(types: readonly EventType[], react: (event: RecordedEvent<R>) => JobRequest[]): void {
    for (const type of types) this.byType.set(type, [...(this.byType.get(type) ?? []), react]);
  }

  /** The jobs the event's reactions queue. */
  jobsFor(event: RecordedEvent): JobRequest[] {
    return (this.byType.get(event.type) ?? []).flatMap((react) => react(event as RecordedEvent<never>));
  }
}

/** How a context's http layer registers the renderers of its event types (listed with `eventData` in its module). */
export type EventDataRegistration = (renderers: EventRenderers) => void;

/**
 * Keeps what use cases record, for tests of use cases with in-memory ports: rendered, as the outbox
 * renders it, with the registrations the test names (an event type without one fails the test).
 */
export class RecordedEvents extends DomainEvents {
  readonly recorded: ({ type: EventType; organisationId: string | null; data: object } & Partial<EventBeside>)[] = [];
  private readonly renderers = new EventRenderers();

  constructor(...registrations: EventDataRegistration[]) {
    super();
    for (const register of registrations) register(this.renderers);
  }

  async transaction<T>(change: () => Promise<T>): Promise<T> {
    const before = this.recorded.length;
    try {
      return await change();
    } catch (error) {
      this.recorded.length = before;
      throw error;
    }
  }

  async record(type: EventType, organisationId: string | null, resource: object, beside?: EventBeside): Promise<void> {
    this.recorded.push({ type, organisationId, data: this.renderers.render(type, resource), ...beside });
  }
}
