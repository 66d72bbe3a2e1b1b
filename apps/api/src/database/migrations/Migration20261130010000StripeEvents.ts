import { Migration } from '@mikro-orm/migrations';

/**
 * Stripe's webhooks: `stripe_events` keeps the id of every verified Stripe event, inserted first in
 * the transaction of what the event changes. A second delivery of an event finds its id and changes
 * nothing, and two at once queue on the primary key. Ids are kept 30 days (`received_at`).
 */
export class Migration20261130010000StripeEvents extends Migration {
  override up(): void {
    this.addSql(`
      create table stripe_events (
        id text primary key,
        type text not null,
        account text,
        received_at timestamptz(3) not null
      )`);
    this.addSql(`create index stripe_events_received_idx on stripe_events (received_at)`);
  }
}
