// Request bodies: how long they may take, how many anonymous ones may be read at once, and
// how a refusal made before the body was read still reaches the client.
//
// - Pace: a body gets `graceSeconds`, then must keep an average of `minRateBytes` per second
//   (counted from its start), and may never stall for `idleSeconds`. Time the server itself
//   spends not reading (bytes waiting in the request's buffer: the disk is behind, a database
//   check is running) is not counted against the client. A body too slow gets 408 (its reader
//   fails with RequestTimeoutError) and the connection is closed.
//   The pace is measured with Date.now(), not the app's injected clock (src/clock.ts): it is a
//   rate of bytes over the real seconds a socket is open, which a fixed or moved clock would
//   turn into every body timing out or none.
// - Anonymous bodies: a request with a body and no credential in its headers or query (no
//   `Authorization`, `token` or session cookie) holds one of `maxAnonymousBodies` places
//   until its body is read or its caller is known (the upload routes call identified() once
//   their `token` field is resolved); with every place taken, 503 and Retry-After.
// - Lingering close: an answer sent before the body was read (401, 403, 404, 413, 422 …) is
//   sent with `Connection: close`; once it is written, the server half-closes (FIN) and reads
//   and discards the rest of the body, up to `drainBytes` and `drainSeconds`, then closes. A
//   client that sends its whole body before reading (Ruby's net/http) or that fails on a write
//   to a closed socket (Node's fetch: EPIPE) then still reads the answer. Closing at once
//   would reset the connection with the answer unread (what nginx's lingering_close avoids).
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RequestTimeoutError } from '../errors.ts';
import { sendError } from './error-handler.ts';

export interface BodyLimits {
  /** Average bytes per second a body must keep after the grace period; 0: no minimum. */
  minRateBytes: number;
  graceSeconds: number;
  /** Longest pause in a body. */
  idleSeconds: number;
  /** Bodies of not-yet-known callers read at once. */
  maxAnonymousBodies: number;
  /** After an early answer: bytes of the unread body read and dropped before closing. */
  drainBytes: number;
  drainSeconds: number;
}

export interface BodyWatch {
  /** The caller is known: the anonymous place (if held) is given back. */
  identified(): void;
  /**
   * Takes an anonymous place for this body (the upload routes, when a session cookie turned
   * out not to name anyone); false when every place is taken.
   */
  holdAnonymous(): boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for requests with a body. */
    bodyWatch: BodyWatch | null;
  }
}

export const ANONYMOUS_BODIES_BUSY = 'Too many requests from callers not signed in are sending a body right now: try again in a few seconds';
const RETRY_AFTER_SECONDS = 5;

function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return raw.headers['transfer-encoding'] !== undefined;
}

/** Whether the request names a caller before its body (a bad credential is refused before the body is read). */
function carriesCredential(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined || request.headers.cookie !== undefined) return true;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' && query.token !== '';
}

interface Watched {
  raw: IncomingMessage;
  socket: Socket;
  /** Body bytes the HTTP parser has handed to the request so far. */
  received: number;
  lastBytes: number;
  lastProgress: number;
  /** Milliseconds the client had the turn (the server was waiting for bytes). */
  activeMs: number;
  lastTick: number;
  anonymous: boolean;
}

export const bodyGuardPlugin = fp<{ limits: BodyLimits }>(async (app: FastifyInstance, { limits }) => {
  const watched = new Map<IncomingMessage, Watched>();
  /** Bodies cut off for their pace: closed after the 408, not drained. */
  const cutOff = new WeakSet<IncomingMessage>();
  let anonymousBodies = 0;
  let timer: NodeJS.Timeout | null = null;
  // Often enough to see a pause of idleSeconds, at most once a second.
  const tickMs = Math.min(1000, Math.max(100, limits.idleSeconds * 250));

  function release(entry: Watched): void {
    if (entry.anonymous) {
      entry.anonymous = false;
      anonymousBodies--;
    }
  }

  function stop(entry: Watched): void {
    release(entry);
    watched.delete(entry.raw);
    if (watched.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  function tooSlow(entry: Watched, message: string): void {
    cutOff.add(entry.raw);
    stop(entry);
    const error = new RequestTimeoutError(message, 'request.timeout');
    // Whoever reads the body (Fastify's parsers, an upload's iterator) fails with the error and
    // the error handler answers 408; with no reader, the connection is closed.
    if (entry.raw.listenerCount('error') > 0) entry.raw.emit('error', error);
    else entry.socket.destroy();
  }

  function tick(): void {
    const now = Date.now();
    for (const entry of watched.values()) {
      if (entry.raw.complete || entry.socket.destroyed) {
        stop(entry);
        continue;
      }
      const elapsed = now - entry.lastTick;
      entry.lastTick = now;
      const bytes = entry.received;
      if (bytes > entry.lastBytes) {
        entry.lastBytes = bytes;
        entry.lastProgress = now;
      }
      if (entry.raw.readableLength > 0) {
        // The server has not read what came: its turn, not the client's.
        entry.lastProgress = now;
        continue;
      }
      entry.activeMs += elapsed;
      if (now - entry.lastProgress > limits.idleSeconds * 1000) {
        tooSlow(entry, `The request body stopped arriving (nothing for ${limits.idleSeconds} s): the upload was cut off`);
      } else if (limits.minRateBytes > 0 && entry.activeMs > limits.graceSeconds * 1000) {
        const owed = (limits.minRateBytes * (entry.activeMs - limits.graceSeconds * 1000)) / 1000;
        if (bytes < owed) {
          tooSlow(entry, `The request body arrived too slowly (under ${limits.minRateBytes} bytes per second, TARMAC_MIN_UPLOAD_RATE_BYTES): the upload was cut off`);
        }
      }
    }
  }

  /** After the early answer is written: FIN, read and drop the rest, then close (see the top). */
  function lingerOnClose(raw: IncomingMessage, socket: Socket): void {
    socket.destroySoon = function lingeringClose(this: Socket) {
      let drained = 0;
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearTimeout(deadline);
        raw.off('end', close);
        // Destroying with the answer still queued would drop it: after the write side is done.
        if (socket.writableFinished) socket.destroy();
        else socket.once('finish', () => socket.destroy());
      };
      const deadline = setTimeout(close, limits.drainSeconds * 1000);
      deadline.unref();
      socket.end();
      socket.once('close', close);
      if (raw.complete) return close();
      raw.once('end', close);
      // The rest of the body is counted and dropped. (Not a 'data' listener on the socket:
      // that would take the socket from Node's HTTP parser, which reads it directly.)
      raw.removeAllListeners('data');
      raw.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > limits.drainBytes) close();
      });
      raw.resume();
    };
  }

  app.decorateRequest('bodyWatch', null);

  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    if (!hasBody(raw) || raw.complete) return;
    const socket = raw.socket;
    const now = Date.now();
    const entry: Watched = {
      raw,
      socket,
      received: raw.readableLength,
      lastBytes: 0,
      lastProgress: now,
      activeMs: 0,
      lastTick: now,
      anonymous: false,
    };
    const holdAnonymous = () => {
      if (entry.anonymous) return true;
      if (!watched.has(raw)) return true; // already read
      if (anonymousBodies >= limits.maxAnonymousBodies) return false;
      anonymousBodies++;
      entry.anonymous = true;
      return true;
    };
    // Counted where the parser hands the body over: the socket's own count mixes in the
    // headers, and the bytes read with them are parsed only after this hook.
    const push = raw.push.bind(raw);
    raw.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk) entry.received += (chunk as Buffer).length;
      return push(chunk, encoding);
    };
    request.bodyWatch = { identified: () => release(entry), holdAnonymous };
    watched.set(raw, entry);
    timer ??= setInterval(tick, tickMs).unref();
    raw.once('end', () => stop(entry));
    reply.raw.once('close', () => stop(entry));
    if (!carriesCredential(request) && !holdAnonymous()) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, 503, ANONYMOUS_BODIES_BUSY, 'service.busy_anonymous');
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const raw = request.raw;
    if (request.bodyWatch === null || raw.complete) return payload;
    // Answered before the whole body was read.
    const entry = watched.get(raw);
    if (entry) stop(entry);
    reply.header('connection', 'close');
    if (!cutOff.has(raw) && !raw.socket.destroyed) lingerOnClose(raw, raw.socket);
    return payload;
  });

  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
});
