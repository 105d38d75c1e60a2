// The recent log lines of this process, for the admin log viewer (GET /api/admin/logs): a bounded
// ring fed by the same JSON lines that go to stdout, after pino's redaction and serializers, so
// what is censored there is censored here. Bounded by lines (TARMAC_LOG_BUFFER_LINES) and by
// bytes (a line is clipped, the ring drops its oldest lines past its byte budget). Empty at start:
// the idle server holds nothing but the empty array.

/** pino's numeric levels by name, and back. */
export const LOG_LEVEL_VALUES = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVEL_VALUES;

/** The longest line kept (characters of its JSON); longer ones are clipped and marked. */
export const LINE_MAX_CHARS = 8 * 1024;
/** The longest message kept in the line's summary. */
const MSG_MAX_CHARS = 1000;

export interface LogLine {
  /** Increasing within the process: `since_id` polls from it. */
  id: number;
  level: number;
  time: number;
  msg: string;
  reqId: string | null;
  method: string | null;
  url: string | null;
  status: number | null;
  err: string | null;
  /** The line as written (clipped at LINE_MAX_CHARS). */
  raw: string;
  clipped: boolean;
}

export interface LogQuery {
  /** Lines at this level or above. */
  minLevel?: number;
  requestId?: string;
  /** Case-insensitive text in the message, URL or error. */
  q?: string;
  /** Only lines newer than this id. */
  sinceId?: number;
  limit?: number;
}

function text(value: unknown, max = MSG_MAX_CHARS): string | null {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max - 1)}…` : value;
  if (typeof value === 'number') return String(value);
  return null;
}

function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function parse(line: string): Record<string, unknown> {
  try {
    return objectOf(JSON.parse(line));
  } catch {
    return { msg: line };
  }
}

export class LogRing {
  readonly #lines: LogLine[] = [];
  readonly #maxLines: number;
  readonly #maxBytes: number;
  #bytes = 0;
  #nextId = 1;
  /** The method and URL of requests not yet completed, so the "request completed" line shows them too. */
  readonly #open = new Map<string, { method: string | null; url: string | null }>();

  /** `maxLines` 0 keeps nothing; `maxBytes` bounds the characters held (default 512 per line kept, at least 1 MiB). */
  constructor(maxLines: number, maxBytes = Math.max(1024 * 1024, maxLines * 512)) {
    this.#maxLines = Math.max(0, Math.floor(maxLines));
    this.#maxBytes = maxBytes;
  }

  get enabled(): boolean {
    return this.#maxLines > 0;
  }

  get capacity(): number {
    return this.#maxLines;
  }

  /** Takes one line as pino writes it (a JSON object and a newline). */
  write(chunk: string | Buffer): void {
    if (this.#maxLines === 0) return;
    const line = (typeof chunk === 'string' ? chunk : chunk.toString('utf8')).trimEnd();
    if (line === '') return;
    const fields = parse(line);
    const req = objectOf(fields.req);
    const res = objectOf(fields.res);
    const err = objectOf(fields.err);
    const clipped = line.length > LINE_MAX_CHARS;
    const raw = clipped ? line.slice(0, LINE_MAX_CHARS) : line;
    const status = typeof res.statusCode === 'number' ? res.statusCode : null;
    const reqId = text(fields.reqId, 128);
    let method = text(req.method, 16);
    let url = text(req.url, 2048);
    if (reqId !== null && url !== null) {
      if (this.#open.size >= 256) this.#open.delete(this.#open.keys().next().value!);
      this.#open.set(reqId, { method, url });
    } else if (reqId !== null && status !== null) {
      const opened = this.#open.get(reqId);
      this.#open.delete(reqId);
      method = opened?.method ?? null;
      url = opened?.url ?? null;
    }
    const entry: LogLine = {
      id: this.#nextId++,
      level: typeof fields.level === 'number' ? fields.level : LOG_LEVEL_VALUES.info,
      time: typeof fields.time === 'number' ? fields.time : Date.now(),
      msg: text(fields.msg) ?? '',
      reqId,
      method,
      url,
      status,
      err: text(err.message),
      raw,
      clipped,
    };
    this.#lines.push(entry);
    this.#bytes += this.#sizeOf(entry);
    while (this.#lines.length > this.#maxLines || (this.#bytes > this.#maxBytes && this.#lines.length > 1)) {
      this.#bytes -= this.#sizeOf(this.#lines.shift()!);
    }
  }

  #sizeOf(line: LogLine): number {
    return line.raw.length + line.msg.length + (line.url?.length ?? 0) + (line.err?.length ?? 0) + 64;
  }

  /** The newest lines first that match the query, at most `limit` (default 200). */
  read(query: LogQuery = {}): LogLine[] {
    const limit = Math.max(1, Math.min(query.limit ?? 200, 1000));
    const needle = query.q?.toLowerCase();
    const found: LogLine[] = [];
    for (let index = this.#lines.length - 1; index >= 0 && found.length < limit; index -= 1) {
      const line = this.#lines[index]!;
      if (query.sinceId !== undefined && line.id <= query.sinceId) break;
      if (query.minLevel !== undefined && line.level < query.minLevel) continue;
      if (query.requestId !== undefined && line.reqId !== query.requestId) continue;
      if (needle && ![line.msg, line.url, line.err].some((field) => field?.toLowerCase().includes(needle))) continue;
      found.push(line);
    }
    return found;
  }

  /** The id the next line gets minus one: a client polls with since_id set to it. */
  get lastId(): number {
    return this.#nextId - 1;
  }

  get size(): number {
    return this.#lines.length;
  }
}

const rings = new WeakMap<object, LogRing>();

/** Attaches a ring to the logger that feeds it. */
export function attachRing(logger: object, ring: LogRing): void {
  rings.set(logger, ring);
}

/** The ring a logger made by createLogger feeds (a disabled one when none). */
export function ringOf(logger: object): LogRing {
  return rings.get(logger) ?? new LogRing(0);
}
