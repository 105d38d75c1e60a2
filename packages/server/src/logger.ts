// The pino logger. Tokens, channel keys and passwords never reach a log line: query strings
// are redacted in the request serializer, and credential headers and body fields are
// censored by path.
import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

const SECRET_PARAMS = new Set(['token', 'channel_key', 'key', 'password', 'current_password', 'secret', 'access_token']);

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
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // keep the raw name
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.channel_key',
        // A request Node cannot parse is logged (at trace) with its raw bytes: headers, query and all.
        'err.rawPacket',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
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
  if (destination) return pino(options, destination);
  if (config.logFormat === 'pretty') {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } });
  }
  return pino(options);
}
