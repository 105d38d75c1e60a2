// Reading a `pg_dump` plain-SQL dump without a PostgreSQL: the column lists of its CREATE TABLE
// statements and the rows of its `COPY … FROM stdin` blocks, streamed line by line.
// COPY's text format (PostgreSQL's "COPY" page, "Text Format"): one row a line, fields separated
// by a tab, `\N` is NULL, a backslash escapes \b \f \n \r \t \v, `\\`, 1-3 octal digits (`\303`)
// or `\x` and 1-2 hex digits (bytes, decoded together as UTF-8), and any other character stands
// for itself; the block ends at a line `\.`. Everything else in the dump (SET, ALTER, indexes,
// sequences, grants) is skipped.
import type { ZealotColumn } from './types.ts';

export type DumpEvent =
  | { type: 'table'; name: string; columns: ZealotColumn[] }
  | { type: 'copy'; table: string; columns: string[] }
  | { type: 'row'; table: string; fields: (string | null)[] }
  | { type: 'copy-end'; table: string };

const NEWLINE = 0x0a;
const TAB = 0x09;
const BACKSLASH = 0x5c;

/** The input split on '\n' (the COPY format never has a raw newline inside a row; '\r' is kept, escaped or not). */
export async function* splitLines(input: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of input) {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (rest.length > 0) data = Buffer.concat([rest, data]);
    let start = 0;
    for (let at = data.indexOf(NEWLINE); at >= 0; at = data.indexOf(NEWLINE, start)) {
      yield data.subarray(start, at);
      start = at + 1;
    }
    rest = Buffer.from(data.subarray(start));
  }
  if (rest.length > 0) yield rest;
}

const SIMPLE_ESCAPES: Record<number, number> = { 0x62: 8, 0x66: 12, 0x6e: 10, 0x72: 13, 0x74: 9, 0x76: 11 };

function isOctal(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x37;
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  const char = String.fromCharCode(byte);
  return /[0-9a-fA-F]/.test(char) ? parseInt(char, 16) : -1;
}

/** One COPY text field: null for `\N`, else its escapes decoded (bytes first, then UTF-8). */
export function decodeCopyField(field: Buffer): string | null {
  if (field.length === 2 && field[0] === BACKSLASH && field[1] === 0x4e) return null;
  if (!field.includes(BACKSLASH)) return field.toString('utf8');
  const out = Buffer.allocUnsafe(field.length);
  let length = 0;
  for (let at = 0; at < field.length; at++) {
    const byte = field[at]!;
    if (byte !== BACKSLASH || at + 1 >= field.length) {
      out[length++] = byte;
      continue;
    }
    const next = field[++at]!;
    if (SIMPLE_ESCAPES[next] !== undefined) out[length++] = SIMPLE_ESCAPES[next];
    else if (isOctal(next)) {
      let value = next - 0x30;
      for (let digits = 1; digits < 3 && isOctal(field[at + 1]); digits++) value = value * 8 + (field[++at]! - 0x30);
      out[length++] = value & 0xff;
    } else if (next === 0x78 && hexValue(field[at + 1]) >= 0) {
      let value = hexValue(field[++at]);
      if (hexValue(field[at + 1]) >= 0) value = value * 16 + hexValue(field[++at]);
      out[length++] = value;
    } else out[length++] = next;
  }
  return out.subarray(0, length).toString('utf8');
}

/** A COPY text line's fields. */
export function splitCopyLine(line: Buffer): (string | null)[] {
  const fields: (string | null)[] = [];
  let start = 0;
  for (let at = line.indexOf(TAB); at >= 0; at = line.indexOf(TAB, start)) {
    fields.push(decodeCopyField(line.subarray(start, at)));
    start = at + 1;
  }
  fields.push(decodeCopyField(line.subarray(start)));
  return fields;
}

/** Identifiers separated by `sep` outside double quotes, unquoted (`"a""b"` → `a"b`). */
export function splitIdentifiers(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '"') {
      if (quoted && text[at + 1] === '"') {
        current += '"';
        at++;
      } else quoted = !quoted;
    } else if (char === sep && !quoted) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts;
}

/** `public.apps` or `"public"."apps"` → `apps`. */
export function tableName(qualified: string): string {
  return splitIdentifiers(qualified.trim(), '.').at(-1)!;
}

const COLUMN_END = /\s+(DEFAULT|NOT NULL|NULL|COLLATE|CONSTRAINT|GENERATED|CHECK|REFERENCES|PRIMARY KEY|UNIQUE)\b/;
const NOT_A_COLUMN = /^(CONSTRAINT|CHECK|PRIMARY KEY|UNIQUE|FOREIGN KEY|EXCLUDE|LIKE)\b/;

/** One column line of a CREATE TABLE body (`    name character varying DEFAULT ''::character varying NOT NULL,`). */
export function parseColumnLine(line: string): ZealotColumn | null {
  const text = line.trim().replace(/,$/, '');
  if (text === '' || NOT_A_COLUMN.test(text)) return null;
  let name: string;
  let rest: string;
  if (text.startsWith('"')) {
    let end = 1;
    while (end < text.length && !(text[end] === '"' && text[end + 1] !== '"')) end += text[end] === '"' ? 2 : 1;
    name = text.slice(1, end).replaceAll('""', '"');
    rest = text.slice(end + 1);
  } else {
    const space = text.search(/\s/);
    if (space < 0) return null;
    name = text.slice(0, space);
    rest = text.slice(space);
  }
  const end = rest.search(COLUMN_END);
  const type = (end >= 0 ? rest.slice(0, end) : rest).trim();
  return type === '' ? null : { name, type };
}

const CREATE_TABLE = /^CREATE (?:UNLOGGED )?TABLE (.+?) \($/;
const COPY_FROM_STDIN = /^COPY (.+?) \((.*)\) FROM stdin;$/;

/** The dump's tables and COPY rows, in dump order. */
export async function* parseDump(input: AsyncIterable<Buffer | string>): AsyncGenerator<DumpEvent> {
  let creating: { name: string; columns: ZealotColumn[] } | null = null;
  let copying: string | null = null;
  for await (const line of splitLines(input)) {
    if (copying !== null) {
      if (line.length === 2 && line[0] === BACKSLASH && line[1] === 0x2e) {
        yield { type: 'copy-end', table: copying };
        copying = null;
      } else yield { type: 'row', table: copying, fields: splitCopyLine(line) };
      continue;
    }
    const text = line.toString('utf8').replace(/\r$/, '');
    if (creating !== null) {
      if (text.startsWith(')')) {
        yield { type: 'table', ...creating };
        creating = null;
      } else {
        const column = parseColumnLine(text);
        if (column) creating.columns.push(column);
      }
      continue;
    }
    const create = CREATE_TABLE.exec(text);
    if (create) creating = { name: tableName(create[1]!), columns: [] };
    const copy = COPY_FROM_STDIN.exec(text);
    if (copy) {
      copying = tableName(copy[1]!);
      yield { type: 'copy', table: copying, columns: splitIdentifiers(copy[2]!, ',') };
    }
  }
}
