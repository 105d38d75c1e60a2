// The pino logger. Credentials never reach a log line: tokens, channel keys, passwords, channel
// grants and signed-link signatures. Query strings are redacted wherever a URL is logged (the
// request serializer, and any URL inside an error's message, stack or driver detail), and
// credential headers and body fields are censored by path.
import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { attachRing, LogRing } from './log-ring.ts';

const CENSOR = '[REDACTED]';
/** Parameter names that carry a credential, compared in lower case. */
const SECRET_PARAMS = new Set(['token', 'channel_key', 'key', 'password', 'current_password', 'secret', 'access_token', 'grant', 'signature', 'sig', 'expires', 'code', 'csrf_token', 'state']);
/** Any name that says what it holds: `api_key`, `x-amz-signature`, `refresh_token`, `new_password` … */
const SECRET_NAME = /token|passw|secret|signature|grant|credential|(^|[_.-])(key|sig)$/;

/** Whether a query or form parameter of this name carries a credential. */
export function isSecretParam(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_PARAMS.has(lower) || SECRET_NAME.test(lower);
}

function decodedName(rawName: string): string {
  try {
    return decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    return rawName;
  }
}

/** `/api/apps/latest?token=abc&x=1` → `/api/apps/latest?token=[REDACTED]&x=1` */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      return isSecretParam(decodedName(rawName)) ? `${rawName}=${CENSOR}` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

/**
 * Redacts credentials inside free text (an error message or stack that quotes a URL, a
 * database error's `Key (key)=(…)` detail): every `name=value` after a `?` or `&`, and every
 * `(column)=(value)`, whose name is a credential's.
 */
export function redactText(text: string): string {
  return text
    .replace(/([?&])([^=&\s#"'<>]+)=([^&\s#"'<>]*)/g, (whole, sep: string, name: string) => (isSecretParam(decodedName(name)) ? `${sep}${name}=${CENSOR}` : whole))
    .replace(/\(([\w, ]+)\)=\(([^)]*)\)/g, (whole, names: string) => (names.split(',').some((name) => isSecretParam(name.trim())) ? `(${names})=(${CENSOR})` : whole));
}

/** pino's error serializer, with credentials redacted from the text fields a URL may appear in. */
function serializeError(error: Error): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  for (const field of ['message', 'stack', 'detail', 'url']) {
    const value = serialized[field];
    if (typeof value === 'string') serialized[field] = redactText(value);
  }
  return serialized;
}

/**
 * The logger: JSON lines to stdout (or pino-pretty, or `destination`), and the same lines, once
 * redacted, into a bounded ring of recent lines (log-ring.ts) when `logBufferLines` is above 0.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'> & { logBufferLines?: number }, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.current_password',
        '*.token',
        '*.channel_key',
        '*.key',
        '*.grant',
        '*.signature',
        '*.secret',
        // A Location header, if ever logged, carries the same grants and signatures as URLs do.
        'res.headers.location',
        // A request Node cannot parse is logged (at trace) with its raw bytes: headers, query and all.
        'err.rawPacket',
      ],
      censor: CENSOR,
    },
    serializers: {
      err: serializeError,
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
  const ring = new LogRing(config.logBufferLines ?? 0);
  const pretty = { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } };
  if (!ring.enabled) {
    if (destination) return pino(options, destination);
    return config.logFormat === 'pretty' ? pino({ ...options, transport: pretty }) : pino(options);
  }
  const out = destination ?? (config.logFormat === 'pretty' ? pino.transport(pretty) : pino.destination({ dest: process.stdout.fd || 1, sync: false }));
  // Both streams take every level: the logger's own level decides what is written at all.
  const logger = pino(options, pino.multistream([{ level: 'trace', stream: out }, { level: 'trace', stream: ring }]));
  attachRing(logger, ring);
  return logger;
}
