import type pg from 'pg';
import { type Row, type RowSink, type Table, TABLES } from './dataset.js';

const BATCH_ROWS = 5_000;

/**
 * Buffers generated rows and inserts them in large batches: one statement per table and batch,
 * the rows sent as one JSON document (`json_populate_recordset`), in table dependency order.
 */
export class BulkWriter implements RowSink {
  private readonly buffered = new Map<Table, Row[]>();
  private bufferedRows = 0;
  private pending: Promise<void> = Promise.resolve();

  readonly counts = new Map<Table, number>(TABLES.map((table) => [table, 0]));

  constructor(private readonly client: pg.ClientBase) {}

  add(table: Table, row: Row): void {
    const rows = this.buffered.get(table) ?? [];
    rows.push(row);
    this.buffered.set(table, rows);
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
    this.bufferedRows++;
  }

  /** Sends the buffer once it is large; the next batch is generated while this one is written. */
  async checkpoint(): Promise<void> {
    if (this.bufferedRows < BATCH_ROWS * 4) return;
    await this.pending;
    this.send();
  }

  /** Writes everything buffered so far. */
  async flush(): Promise<void> {
    this.send();
    await this.pending;
  }

  private send(): void {
    const batches = TABLES.flatMap((table) => {
      const rows = this.buffered.get(table) ?? [];
      return rows.length ? [{ table, rows }] : [];
    });
    this.buffered.clear();
    this.bufferedRows = 0;
    this.pending = this.pending.then(async () => {
      for (const { table, rows } of batches) {
        for (let offset = 0; offset < rows.length; offset += BATCH_ROWS) {
          await this.client.query(
            `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`,
            [JSON.stringify(rows.slice(offset, offset + BATCH_ROWS))],
          );
        }
      }
    });
  }
}
