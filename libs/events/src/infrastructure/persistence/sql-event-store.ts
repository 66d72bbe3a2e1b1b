import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { transactionConnection } from '@app/shared';
import { listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import type { JobRequest, Page, PageRequest } from '@app/shared/domain';
import { Jobs, type LeadingWrite } from '@app/jobs';
import { type EventFilters, EventStore } from '../../domain/event-store.js';
import { StoredEvent } from '../../domain/stored-event.js';

const EVENTS = ReadModel.of(StoredEvent, 'e');

/** The insert of event rows that `append` sends in front of their jobs. The bench baselines send theirs from this. */
export function eventsInsert(
  events: readonly Pick<StoredEvent, 'id' | 'type' | 'organisationId' | 'data' | 'previous' | 'timestamp'>[],
): LeadingWrite {
  // Through JSON, so the log holds exactly what a client reads, whatever the data object held.
  // One row after another: `seq` follows the order they were given in.
  const rows = events.map(
    (_, index) =>
      `($${index * 6 + 1}, $${index * 6 + 2}, $${index * 6 + 3}, $${index * 6 + 4}::jsonb, $${index * 6 + 5}::jsonb, $${index * 6 + 6})`,
  );
  return {
    sql: `insert into events (id, type, organisation_id, data, previous, created_at) values ${rows.join(', ')}`,
    values: events.flatMap((event) => [
      event.id,
      event.type,
      event.organisationId,
      JSON.stringify(event.data),
      event.previous && JSON.stringify(event.previous),
      event.timestamp,
    ]),
  };
}

@Injectable()
export class SqlEventStore extends EventStore {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
    private readonly jobs: Jobs,
  ) {
    super();
  }

  async append(events: readonly StoredEvent[], jobs: readonly JobRequest[] = []): Promise<void> {
    if (events.length === 0) return;
    if (!transactionConnection(this.em))
      throw new Error('Events are appended inside the transaction of their change (DomainEvents.transaction).');
    await this.jobs.sendWith(eventsInsert(events), jobs);
  }

  async find(id: string, organisationId: string | null): Promise<StoredEvent | null> {
    return this.sql.first(EVENTS, 'where e.id = $1 and ($2::text is null or e.organisation_id = $2)', [
      id,
      organisationId,
    ]);
  }

  async list(filters: EventFilters, page: PageRequest): Promise<Page<StoredEvent>> {
    const params = new SqlParams();
    const where: string[] = [];
    if (filters.organisationId !== null) where.push(`e.organisation_id = ${params.add(filters.organisationId)}`);
    if (filters.types) where.push(`e.type = any(${params.add(filters.types)}::text[])`);
    if (filters.createdAtMin) where.push(`e.created_at >= ${params.add(filters.createdAtMin)}`);
    if (filters.createdAtMax) where.push(`e.created_at < ${params.add(filters.createdAtMax)}`);
    // An event never changes: sync mode lists those that happened since, oldest first.
    const window = listWindow('e', page, 'e.created_at desc, e.seq desc', params, 'created_at');
    const condition = `where ${where.length ? where.join(' and ') : 'true'}${window.condition}`;
    return this.sql.page(EVENTS, condition, window.orderBy, params, page);
  }

  async purgeBefore(cutoff: Date): Promise<number> {
    return this.em.transactional(async (tx) => {
      await tx.execute('delete from webhook_deliveries where created_at < ?', [cutoff]);
      const deleted = await tx.execute<{ affectedRows: number }>(
        'delete from events where created_at < ?',
        [cutoff],
        'run',
      );
      return deleted.affectedRows;
    });
  }
}
