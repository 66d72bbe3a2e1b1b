/** Every event type (CONTRACT section 10); a family is the part before the dot (`booking.*`). */
export const EVENT_TYPES = [
  'organisation.updated',
  'member.created',
  'client.created',
  'provider.created',
  'provider.deleted',
  'wallet_card.created',
  'booking.created',
  'booking.cancelled',
  'booking.paid',
  'transaction.created',
  'payment.succeeded',
  'payment.failed',
  'claim.approved',
  'claim.rejected',
  'claim.voided',
  'medicare_claim.approved',
  'medicare_claim.rejected',
  'medicare_claim.voided',
  'refund.created',
  'payout.created',
  'payout.paid',
  'payout.failed',
  'webhook_endpoint.test',
  'webhook_endpoint.disabled',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The port every context records its events through (a transactional outbox): an event is written
 * in the database transaction of its change, so it exists exactly when the change commits.
 */
export abstract class DomainEvents {
  /**
   * Runs `change` in one database transaction; the events it records commit with it, or not at
   * all. Inside, reads see the transaction's own writes, so `data` can be rendered as GET answers.
   */
  abstract transaction<T>(change: () => Promise<T>): Promise<T>;
  /**
   * Records an event in the running transaction. `data` is the resource as its GET returns it;
   * `organisationId` null for a change no organisation owns (a member a platform key created).
   */
  abstract record(type: EventType, organisationId: string | null, data: object): Promise<void>;
}

/** Keeps what use cases record, for tests of use cases with in-memory ports. */
export class RecordedEvents extends DomainEvents {
  readonly recorded: { type: EventType; organisationId: string | null; data: object }[] = [];

  async transaction<T>(change: () => Promise<T>): Promise<T> {
    const before = this.recorded.length;
    try {
      return await change();
    } catch (error) {
      this.recorded.length = before;
      throw error;
    }
  }

  async record(type: EventType, organisationId: string | null, data: object): Promise<void> {
    this.recorded.push({ type, organisationId, data });
  }
}
