import { Migration } from '@mikro-orm/migrations';

/**
 * Payouts pay card money only: a claim's benefit is paid to the business by its payer (Services
 * Australia, the fund's claiming network), so a payout lists a claim's row and pays nothing for it.
 * Payouts made before counted the benefits of the claims they listed in their amount; they stay as
 * they were, marked `counted_claims` (every payout made so far: the column is added as true, with
 * no row rewritten), so that their reconciliation still adds up to what they paid. Payouts made from
 * now on are false.
 */
export class Migration20261203000000PayoutsOfCardMoney extends Migration {
  override up(): void {
    this.addSql('alter table payouts add column counted_claims boolean not null default true');
    this.addSql('alter table payouts alter column counted_claims drop default');
  }
}
