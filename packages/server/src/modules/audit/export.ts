// The audit log as a file: CSV (RFC 4180 quoting, cells a spreadsheet would run as a formula
// prefixed with ') or a JSON array, written a batch at a time. Loaded on the first export.
import { Readable } from 'node:stream';
import type { AuditEventView } from './reader.ts';

export const CSV_COLUMNS = [
  'id', 'occurred_at', 'action', 'outcome', 'actor_id', 'actor_name', 'actor_via',
  'target_type', 'target_id', 'target_name', 'ip', 'user_agent', 'request_id', 'details',
] as const;

/** One CSV cell: quoted when it holds a quote, comma or line break; a leading = + - @ (or tab, CR) is defused with '. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(event: AuditEventView): string {
  return `${CSV_COLUMNS.map((column) => csvCell(event[column])).join(',')}\r\n`;
}

/** The file's text, a batch at a time. */
export function exportStream(batches: AsyncIterable<AuditEventView[]>, format: 'csv' | 'json'): Readable {
  async function* csv() {
    yield `${CSV_COLUMNS.join(',')}\r\n`;
    for await (const batch of batches) yield batch.map(csvLine).join('');
  }
  async function* json() {
    yield '[';
    let first = true;
    for await (const batch of batches) {
      for (const event of batch) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(event)}`;
        first = false;
      }
    }
    yield first ? ']\n' : '\n]\n';
  }
  return Readable.from(format === 'csv' ? csv() : json(), { objectMode: false });
}
