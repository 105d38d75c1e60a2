// A backup's tables unpacked into a scratch SQLite file, so that rows() can answer in key order,
// a batch at a time, from any resume point, while the dump itself is read once.
// Why not index each COPY block's offset in the decompressed dump instead: gzip cannot seek, so
// every rows() call (and every resume) would decompress from the start; and pg_dump writes rows in
// their physical order, which after updates is not id order, so a sort would still need a store.
// Each row is kept converted, as JSON, under its key (k1, k2) and, for a table without a key, its
// place in the dump (seq). A join table's duplicate keys are kept once, as the live source does.
import SQLite from 'better-sqlite3';
import type { DumpEvent } from './copy.ts';
import { keyColumnsOf } from './fns.ts';
import { converterFor } from './values.ts';
import type { ZealotColumn, ZealotRow, ZealotValue } from './types.ts';

const COMMIT_EVERY_ROWS = 5000;

export class ScratchStore {
  private readonly db: SQLite.Database;
  private readonly tables = new Map<string, ZealotColumn[]>();

  constructor(filename: string) {
    this.db = new SQLite(filename);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(`CREATE TABLE rows (tbl TEXT NOT NULL, k1 INTEGER NOT NULL, k2 INTEGER NOT NULL, seq INTEGER NOT NULL,
      data TEXT NOT NULL, PRIMARY KEY (tbl, k1, k2, seq))`);
  }

  /** Reads a dump's events into the store: tables from CREATE TABLE, rows from COPY. */
  async ingest(events: AsyncIterable<DumpEvent>): Promise<void> {
    const insert = this.db.prepare('INSERT OR IGNORE INTO rows (tbl, k1, k2, seq, data) VALUES (?, ?, ?, ?, ?)');
    let copy: { table: string; names: string[]; convert: ((text: string) => ZealotValue)[]; keys: string[] } | null = null;
    let seq = 0;
    let pending = 0;
    for await (const event of events) {
      if (event.type === 'table') this.addTable(event.name, event.columns);
      else if (event.type === 'copy') {
        const declared = this.tables.get(event.table) ?? [];
        if (!this.tables.has(event.table)) this.addTable(event.table, event.columns.map((name) => ({ name, type: 'text' })));
        const types = new Map(declared.map((column) => [column.name, column.type]));
        copy = {
          table: event.table,
          names: event.columns,
          convert: event.columns.map((name) => converterFor(types.get(name) ?? 'text')),
          keys: keyColumnsOf(this.tables.get(event.table)!),
        };
        this.db.exec('BEGIN');
      } else if (event.type === 'row' && copy) {
        const { names, convert, keys } = copy;
        const row: ZealotRow = {};
        names.forEach((name, at) => {
          const text = event.fields[at];
          row[name] = text === null || text === undefined ? null : convert[at]!(text);
        });
        // A key that is not a number (NULL, a bigint past 2^53) keeps the row, placed by its dump order.
        const key = keys.map((name) => row[name]).filter((value) => typeof value === 'number');
        const numeric = keys.length > 0 && key.length === keys.length;
        const [k1, k2] = numeric ? [key[0] ?? 0, key[1] ?? 0] : [0, 0];
        insert.run(copy.table, k1, k2, numeric ? 0 : ++seq, JSON.stringify(row));
        if (++pending >= COMMIT_EVERY_ROWS) {
          this.db.exec('COMMIT; BEGIN');
          pending = 0;
        }
      } else if (event.type === 'copy-end') {
        this.db.exec('COMMIT');
        copy = null;
      }
    }
    if (this.db.inTransaction) this.db.exec('COMMIT');
  }

  /** A table's declared columns are kept in memory: a few hundred at most. */
  private addTable(name: string, columns: ZealotColumn[]): void {
    this.tables.set(name, columns);
  }

  tableNames(): Set<string> {
    return new Set(this.tables.keys());
  }

  columns(table: string): ZealotColumn[] {
    return [...(this.tables.get(table) ?? [])];
  }

  /** The table's rows after `start` (a key in keyColumns order), `batchSize` per query. */
  async *rows(table: string, start: number[] | undefined, batchSize: number): AsyncGenerator<ZealotRow> {
    const page = this.db.prepare<[string, number, number, number, number], { k1: number; k2: number; seq: number; data: string }>(
      'SELECT k1, k2, seq, data FROM rows WHERE tbl = ? AND (k1, k2, seq) > (?, ?, ?) ORDER BY k1, k2, seq LIMIT ?',
    );
    const lowest = Number.MIN_SAFE_INTEGER;
    let cursor: [number, number, number] = start ? [start[0] ?? 0, start[1] ?? 0, 0] : [lowest, lowest, -1];
    for (;;) {
      const batch = page.all(table, ...cursor, batchSize);
      for (const row of batch) yield JSON.parse(row.data) as ZealotRow;
      if (batch.length < batchSize) return;
      const last = batch.at(-1)!;
      cursor = [last.k1, last.k2, last.seq];
    }
  }

  count(table: string): number {
    return this.db.prepare<[string], { count: number }>('SELECT count(*) AS count FROM rows WHERE tbl = ?').get(table)!.count;
  }

  close(): void {
    this.db.close();
  }
}
