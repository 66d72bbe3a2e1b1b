import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlReader, transactionConnection } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { type EventFilters, EventStore } from '../../domain/event-store.js';
import { StoredEvent } from '../../domain/stored-event.js';

const EVENTS = ReadModel.of(StoredEvent, 'e');

@Injectable()
export class SqlEventStore extends EventStore {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
  ) {
    super();
  }

  async append(event: StoredEvent): Promise<void> {
    const connection = transactionConnection(this.em);
    if (!connection) throw new Error('Events are appended inside the transaction of their change (DomainEvents.transaction).');
    // Through JSON, so the log holds exactly what a client reads, whatever the data object held.
    await connection.executeSql('insert into events (id, type, organisation_id, data, previous, created_at) values ($1, $2, $3, $4::jsonb, $5::jsonb, $6)', [
      event.id,
      event.type,
      event.organisationId,
      JSON.stringify(event.data),
      event.previous && JSON.stringify(event.previous),
      event.timestamp,
    ]);
  }

  async find(id: string, organisationId: string | null): Promise<StoredEvent | null> {
    return this.sql.first(EVENTS, 'where e.id = $1 and ($2::text is null or e.organisation_id = $2)', [id, organisationId]);
  }

  async list(filters: EventFilters, page: PageRequest): Promise<Page<StoredEvent>> {
    const values: unknown[] = [];
    const where: string[] = [];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      values.push(value);
      where.push(condition(`$${values.length}`));
    };
    if (filters.organisationId !== null) add((p) => `e.organisation_id = ${p}`, filters.organisationId);
    if (filters.types) add((p) => `e.type = any(${p}::text[])`, filters.types);
    if (filters.createdAtMin) add((p) => `e.created_at >= ${p}`, filters.createdAtMin);
    if (filters.createdAtMax) add((p) => `e.created_at < ${p}`, filters.createdAtMax);
    // An event never changes: sync mode lists those that happened since, oldest first.
    const window = listWindow('e', page, 'e.created_at desc, e.seq desc', values.length + 1, 'created_at');
    values.push(...window.params);
    const condition = `where ${where.length ? where.join(' and ') : 'true'}${window.condition}`;
    const [items, total] = await Promise.all([
      this.sql.select(EVENTS, `${condition} order by ${window.orderBy} limit $${values.length + 1} offset $${values.length + 2}`, [
        ...values,
        page.limit,
        offsetOf(page),
      ]),
      this.sql.count(EVENTS, condition, values),
    ]);
    return pageOf(items, total, page);
  }

  async purgeBefore(cutoff: Date): Promise<number> {
    return this.em.transactional(async (tx) => {
      await tx.execute('delete from webhook_deliveries where created_at < ?', [cutoff]);
      const deleted = await tx.execute<{ affectedRows: number }>('delete from events where created_at < ?', [cutoff], 'run');
      return deleted.affectedRows;
    });
  }
}
