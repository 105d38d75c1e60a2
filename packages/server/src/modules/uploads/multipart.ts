// A small streaming multipart/form-data parser (RFC 7578) for the upload route, in place of
// busboy: the one file part's bytes go onward as slices of the chunks the socket delivered
// (no copy), and the delimiter is found with Buffer.indexOf (native memmem), so parsing costs
// next to nothing beside the transfer itself.
//
// push(chunk) answers the events that chunk completes, in order; end() checks the body closed
// with the final delimiter. The caller applies backpressure (it awaits its own work on the
// events before pushing the next chunk). Errors are MultipartError, with a code the caller
// maps to an answer.

import { CodedError } from '../../shared/coded-error.ts';

export type MultipartErrorCode =
  /** Not well-formed: no or bad boundary, a bad part head, the body ends before the final delimiter. */
  | 'MALFORMED'
  /** More than `maxFields` text parts. */
  | 'TOO_MANY_FIELDS'
  /** More than `maxFiles` file parts. */
  | 'TOO_MANY_FILES'
  /** A file part over `maxFileBytes`. */
  | 'FILE_TOO_LARGE';

export class MultipartError extends CodedError<MultipartErrorCode> {}

export interface MultipartLimits {
  /** Text parts at most (default 200). */
  maxFields?: number;
  /** Bytes of one text part kept (default 1 MiB): longer values arrive cut, marked truncated. */
  maxFieldBytes?: number;
  /** File parts at most (default 1). */
  maxFiles?: number;
  /** Bytes of one file part at most (default unlimited). */
  maxFileBytes?: number;
}

export type MultipartEvent =
  | { type: 'field'; name: string; value: string; truncated: boolean }
  | { type: 'fileStart'; name: string; filename: string }
  | { type: 'fileData'; data: Buffer }
  | { type: 'fileEnd' };

/** The boundary of a multipart/form-data Content-Type, or a MultipartError. */
export function boundaryOf(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw new MultipartError('MALFORMED', 'Unsupported Content-Type');
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(contentType!);
  const boundary = match ? (match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]!) : '';
  if (boundary === '') throw new MultipartError('MALFORMED', 'Boundary not found');
  if (boundary.length > 256) throw new MultipartError('MALFORMED', 'its boundary is longer than 256 characters');
  return boundary;
}

/** name, filename and filename* of a Content-Disposition header value. */
export function parseDisposition(value: string): { type: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const semi = value.indexOf(';');
  const type = (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase();
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const key = m[1]!.toLowerCase();
    let text = m[2] !== undefined ? m[2].replace(/\\(["\\])/g, '$1') : m[3]!.trim();
    if (key.endsWith('*')) {
      // RFC 5987: charset'language'percent-encoded
      const ext = /^([^']*)'[^']*'(.*)$/.exec(text);
      if (!ext) continue;
      try {
        const bytes = Buffer.from(decodeURIComponentBytes(ext[2]!));
        text = /^(utf-?8)?$/i.test(ext[1]!) ? bytes.toString('utf8') : bytes.toString('latin1');
      } catch {
        continue;
      }
      params[key.slice(0, -1)] = text; // filename* wins over filename
      continue;
    }
    if (!(key in params)) params[key] = text;
  }
  return { type, params };
}

function decodeURIComponentBytes(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9a-f]{2}$/i.test(hex)) throw new Error('bad escape');
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return bytes;
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;
const EMPTY = Buffer.alloc(0);

const State = { Preamble: 0, AfterDelimiter: 1, Headers: 2, Body: 3, Done: 4 } as const;
type State = (typeof State)[keyof typeof State];

export class MultipartParser {
  /** "\r\n--boundary": every delimiter, the first included (the body is read as if it began with CRLF). */
  private readonly delimiter: Buffer;
  private readonly limits: Required<MultipartLimits>;
  private state: State = State.Preamble;
  private carry: Buffer = CRLF;
  private fields = 0;
  private files = 0;
  // The current part.
  private part: { kind: 'file' } | { kind: 'field'; name: string; chunks: Buffer[]; size: number; truncated: boolean } | { kind: 'skip' } = { kind: 'skip' };
  private fileBytes = 0;

  constructor(boundary: string, limits: MultipartLimits = {}) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
    this.limits = { maxFields: 200, maxFieldBytes: 1024 * 1024, maxFiles: 1, maxFileBytes: Infinity, ...limits };
  }

  get finished(): boolean {
    return this.state === State.Done;
  }

  push(chunk: Buffer): MultipartEvent[] {
    const events: MultipartEvent[] = [];
    if (this.state === State.Done || chunk.length === 0) return events;
    const { buf, pos: start } = this.joinCarry(chunk, events);
    // Each step reads from `pos` in the state it is in; -1 once the rest waits for the next chunk (in the carry).
    let pos = start;
    while (pos >= 0 && pos <= buf.length) pos = this.step(buf, pos, events);
    return events;
  }

  /** The chunk with what the last one left (the carry), and where to start reading it. */
  private joinCarry(chunk: Buffer, events: MultipartEvent[]): { buf: Buffer; pos: number } {
    const delimiter = this.delimiter;
    if (this.carry.length === 0) return { buf: chunk, pos: 0 };
    if (this.state !== State.Body || chunk.length < delimiter.length) {
      const buf = Buffer.concat([this.carry, chunk]);
      this.carry = EMPTY;
      return { buf, pos: 0 };
    }
    // Only a delimiter straddling the carry and the chunk needs joining: look for it in the
    // carry plus the chunk's first bytes, then read the chunk itself in place.
    const carry = this.carry;
    const joined = Buffer.concat([carry, chunk.subarray(0, delimiter.length - 1)]);
    const at = joined.indexOf(delimiter);
    this.carry = EMPTY;
    if (at === -1) {
      this.data(carry, events);
      return { buf: chunk, pos: 0 };
    }
    if (at > 0) this.data(carry.subarray(0, at), events);
    this.endPart(events);
    this.state = State.AfterDelimiter;
    return { buf: chunk, pos: at + delimiter.length - carry.length };
  }

  private step(buf: Buffer, pos: number, events: MultipartEvent[]): number {
    switch (this.state) {
      case State.Preamble: {
        const at = buf.indexOf(this.delimiter, pos);
        if (at === -1) {
          this.carry = Buffer.from(buf.subarray(Math.max(pos, buf.length - this.delimiter.length + 1)));
          return -1;
        }
        this.state = State.AfterDelimiter;
        return at + this.delimiter.length;
      }
      case State.AfterDelimiter:
        return this.afterDelimiter(buf, pos);
      case State.Headers:
        return this.headers(buf, pos, events);
      case State.Body:
        return this.body(buf, pos, events);
      default:
        return -1;
    }
  }

  private afterDelimiter(buf: Buffer, pos: number): number {
    // Transport padding (spaces, tabs) may follow a delimiter, then CRLF, or "--" for the last.
    while (pos < buf.length && (buf[pos] === 0x20 || buf[pos] === 0x09)) pos++;
    if (buf.length - pos < 2) {
      this.carry = Buffer.from(buf.subarray(pos));
      return -1;
    }
    if (buf[pos] === 0x2d && buf[pos + 1] === 0x2d) {
      this.state = State.Done;
      return -1;
    }
    if (buf[pos] !== 0x0d || buf[pos + 1] !== 0x0a) throw new MultipartError('MALFORMED', 'Malformed part boundary');
    this.state = State.Headers;
    return pos + 2;
  }

  private headers(buf: Buffer, pos: number, events: MultipartEvent[]): number {
    let headers: string;
    if (buf.length - pos >= 2 && buf[pos] === 0x0d && buf[pos + 1] === 0x0a) {
      headers = '';
      pos += 2;
    } else {
      const at = buf.indexOf(HEADERS_END, pos);
      if (at === -1) {
        if (buf.length - pos > MAX_HEADER_BYTES) throw new MultipartError('MALFORMED', 'Malformed part header (too long)');
        this.carry = Buffer.from(buf.subarray(pos));
        return -1;
      }
      if (at - pos > MAX_HEADER_BYTES) throw new MultipartError('MALFORMED', 'Malformed part header (too long)');
      headers = buf.toString('utf8', pos, at);
      pos = at + HEADERS_END.length;
    }
    this.startPart(headers, events);
    this.state = State.Body;
    return pos;
  }

  private body(buf: Buffer, pos: number, events: MultipartEvent[]): number {
    const at = buf.indexOf(this.delimiter, pos);
    if (at === -1) {
      const keep = Math.max(pos, buf.length - this.delimiter.length + 1);
      if (keep > pos) this.data(buf.subarray(pos, keep), events);
      // Copied (a few bytes), like every carry: the caller may free the chunk's memory
      // once it has handled the chunk's events (receive.ts does).
      this.carry = Buffer.from(buf.subarray(keep));
      return -1;
    }
    if (at > pos) this.data(buf.subarray(pos, at), events);
    this.endPart(events);
    this.state = State.AfterDelimiter;
    return at + this.delimiter.length;
  }

  /** The body ended: throws unless it closed with the final delimiter. */
  end(): void {
    if (this.state !== State.Done) throw new MultipartError('MALFORMED', 'Unexpected end of form (no closing boundary)');
  }

  private startPart(headers: string, events: MultipartEvent[]): void {
    let disposition: ReturnType<typeof parseDisposition> | undefined;
    for (const line of headers.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon === -1) {
        if (line.trim() === '') continue;
        throw new MultipartError('MALFORMED', 'Malformed part header');
      }
      if (line.slice(0, colon).trim().toLowerCase() === 'content-disposition') disposition = parseDisposition(line.slice(colon + 1));
    }
    const name = disposition?.params.name;
    if (!disposition || disposition.type !== 'form-data' || name === undefined) {
      this.part = { kind: 'skip' };
      return;
    }
    const filename = disposition.params.filename;
    if (filename !== undefined) {
      if (++this.files > this.limits.maxFiles) throw new MultipartError('TOO_MANY_FILES', 'Too many file parts');
      this.part = { kind: 'file' };
      this.fileBytes = 0;
      events.push({ type: 'fileStart', name, filename });
      return;
    }
    if (++this.fields > this.limits.maxFields) throw new MultipartError('TOO_MANY_FIELDS', 'Too many fields');
    this.part = { kind: 'field', name, chunks: [], size: 0, truncated: false };
  }

  private data(data: Buffer, events: MultipartEvent[]): void {
    const part = this.part;
    if (part.kind === 'file') {
      this.fileBytes += data.length;
      if (this.fileBytes > this.limits.maxFileBytes) throw new MultipartError('FILE_TOO_LARGE', 'File too large');
      events.push({ type: 'fileData', data });
    } else if (part.kind === 'field' && !part.truncated) {
      const room = this.limits.maxFieldBytes - part.size;
      if (data.length > room) {
        part.truncated = true;
        data = data.subarray(0, room);
      }
      // Copied: the chunk it is a slice of may be reused by the caller.
      part.chunks.push(Buffer.from(data));
      part.size += data.length;
    }
  }

  private endPart(events: MultipartEvent[]): void {
    const part = this.part;
    if (part.kind === 'file') events.push({ type: 'fileEnd' });
    else if (part.kind === 'field') events.push({ type: 'field', name: part.name, value: Buffer.concat(part.chunks).toString('utf8'), truncated: part.truncated });
    this.part = { kind: 'skip' };
  }
}
