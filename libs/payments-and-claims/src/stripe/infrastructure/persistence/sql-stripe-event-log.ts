import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type StripeEvent, StripeEventLog } from '../../domain/stripe-events.js';

/** `stripe_events`, written with plain SQL: an id is all there is to an event processed. */
@Injectable()
export class SqlStripeEventLog extends StripeEventLog {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async recordOnce(event: StripeEvent, receivedAt: Date): Promise<boolean> {
    // The primary key decides: a second insert of the id waits for the first one's transaction, and
    // then inserts nothing (it committed) or inserts (it rolled back).
    const inserted = await this.em.execute<{ id: string }[]>(
      'insert into stripe_events (id, type, account, received_at) values (?, ?, ?, ?) on conflict (id) do nothing returning id',
      [event.id, event.type, event.account, receivedAt],
    );
    return inserted.length === 1;
  }

  async purgeBefore(before: Date): Promise<number> {
    const purged = await this.em.execute<{ id: string }[]>(
      'delete from stripe_events where received_at < ? returning id',
      [before],
    );
    return purged.length;
  }
}
