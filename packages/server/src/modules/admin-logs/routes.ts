// /api/admin/logs: this process's recent log lines (log-ring.ts), for global administrators (the
// admin screen /admin/logs). Newest first; filters by level, request id and text; `since_id` polls.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { can, forbidden } from '../../auth/policy.ts';
import { authErrors, StringEnum } from '../../http/schemas.ts';
import { LOG_LEVEL_VALUES } from '../../log-ring.ts';
import type { LogLevelName, LogLine, LogRing } from '../../log-ring.ts';

const LEVELS = Object.keys(LOG_LEVEL_VALUES) as LogLevelName[];
const NAME_OF = new Map<number, LogLevelName>(LEVELS.map((name) => [LOG_LEVEL_VALUES[name], name]));

const ListLogsQuery = Type.Object({
  level: StringEnum(LEVELS, { default: 'trace', description: 'Lines at this level or above.' }),
  request_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Only the lines of this request (its reqId).' })),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Text in the message, URL or error (any case).' })),
  since_id: Type.Optional(Type.Integer({ minimum: 0, description: 'Only lines newer than this id (the last_id of an earlier answer).' })),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 200, description: 'The most lines answered.' }),
});

const LogLineResponse = Type.Object(
  {
    id: Type.Integer({ description: 'Increasing within the process.' }),
    level: StringEnum(LEVELS),
    time: Type.String({ format: 'date-time' }),
    msg: Type.String(),
    request_id: Type.Union([Type.String(), Type.Null()], { description: 'The request the line belongs to, or null.' }),
    method: Type.Union([Type.String(), Type.Null()]),
    url: Type.Union([Type.String(), Type.Null()], { description: 'The request URL, credentials redacted.' }),
    status: Type.Union([Type.Integer(), Type.Null()], { description: 'The response status, on a "request completed" line.' }),
    error: Type.Union([Type.String(), Type.Null()], { description: "An error's message, credentials redacted." }),
    json: Type.String({ description: 'The line as written to stdout (clipped at 8 KiB).' }),
    clipped: Type.Boolean({ description: 'Whether the line was longer than what is kept.' }),
  },
  { $id: 'LogLine', description: 'One log line of this process.' },
);

const LogsResponse = Type.Object(
  {
    items: Type.Array(LogLineResponse, { description: 'Newest first.' }),
    last_id: Type.Integer({ description: 'The newest line id of this process: poll with since_id set to it.' }),
    capacity: Type.Integer({ description: 'Lines kept at most (TARMAC_LOG_BUFFER_LINES); 0 when the buffer is off.' }),
    buffered: Type.Integer({ description: 'Lines held now.' }),
    pid: Type.Integer({ description: 'The process whose lines these are (each instance keeps its own).' }),
  },
  { $id: 'LogLines', description: "This process's recent log lines." },
);

function toLine(line: LogLine): Static<typeof LogLineResponse> {
  return {
    id: line.id,
    level: NAME_OF.get(line.level) ?? (line.level >= 60 ? 'fatal' : 'info'),
    time: new Date(line.time).toISOString(),
    msg: line.msg,
    request_id: line.reqId,
    method: line.method,
    url: line.url,
    status: line.status,
    error: line.err,
    json: line.raw,
    clipped: line.clipped,
  };
}

export const adminLogsRoutes: FastifyPluginAsyncTypebox<{ ring: LogRing }> = async (app, { ring }) => {
  const requireAdmin = async (request: FastifyRequest) => {
    if (!can(actorOf(request), 'logs:read')) throw forbidden('logs:read');
  };

  app.get(
    '/admin/logs',
    {
      config: { auth: 'user' },
      preValidation: requireAdmin,
      schema: {
        operationId: 'listLogLines',
        tags: ['Logs'],
        summary: "This process's recent log lines",
        description:
          'Administrators only. Newest first, from the bounded buffer of the process that answers (TARMAC_LOG_BUFFER_LINES); ' +
          'with several instances each keeps its own. Lines are redacted as on stdout.',
        querystring: ListLogsQuery,
        response: { 200: LogsResponse, ...authErrors(), 422: Type.Ref('ValidationErrorResponse') },
      },
    },
    async (request) => {
      const { level, request_id: requestId, q, since_id: sinceId, limit } = request.query;
      const items = ring.read({ minLevel: LOG_LEVEL_VALUES[level], requestId, q, sinceId, limit });
      return { items: items.map(toLine), last_id: ring.lastId, capacity: ring.capacity, buffered: ring.size, pid: process.pid };
    },
  );
};
