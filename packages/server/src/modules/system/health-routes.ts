// GET /api/health/{checks}: the full health check (`full` or `all`) or some of its checks by name
// (`database`, `storage`, `jobs`, `mail`, several joined by `_` as Zealot's paths do). 200 when
// healthy, 500 when a check failed; JSON by default, `healthy`/`unhealthy` text when Accept asks
// for text/plain. Only addresses in TARMAC_HEALTH_ALLOWED_IPS, or a signed-in administrator, may
// read them (403 otherwise): the messages name hosts, versions and free space.
// /api/health and /api/health.json (routes.ts) stay public and unchanged.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { createAllowList } from '../../http/ip-allow-list.ts';
import type { CheckDeps, CheckName } from './checks.ts';
import { checkResultFields } from './schemas.ts';

const NAMES = ['database', 'storage', 'jobs', 'mail'] as const satisfies readonly CheckName[];

export const CheckResultSchema = Type.Object(checkResultFields, { $id: 'HealthCheckResult', description: 'One health check.' });

const HealthChecksResponse = Type.Object(
  {
    healthy: Type.Boolean({ description: 'False when a check failed (a warning is still healthy).' }),
    message: Type.String({ description: '"healthy", or the failed checks\' messages.' }),
    checks: Type.Array(Type.Ref('HealthCheckResult')),
  },
  { $id: 'HealthChecks', description: 'The checks asked for, and whether all of them pass.' },
);

interface Options {
  allowedIps: readonly string[];
  checkDeps: () => CheckDeps;
}

/** `full`/`all` → every check; `database_mail` → those two; null when a name is unknown. */
export function parseCheckNames(raw: string): CheckName[] | null {
  if (raw === 'full' || raw === 'all') return [...NAMES];
  const names = raw.split('_');
  if (!names.every((name): name is CheckName => (NAMES as readonly string[]).includes(name))) return null;
  return [...new Set(names)];
}

export const healthRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { allowedIps, checkDeps }) => {
  app.addSchema(CheckResultSchema);
  app.addSchema(HealthChecksResponse);
  const allowed = createAllowList(allowedIps);
  const guard = async (request: FastifyRequest) => {
    if (request.auth?.role === 'admin' || allowed(request.ip)) return;
    throw new ForbiddenError(`${request.ip} may not read the health checks: add it to TARMAC_HEALTH_ALLOWED_IPS`, 'health.address_not_allowed', {
      ip: request.ip,
    });
  };

  app.get(
    '/health/:checks',
    {
      config: { auth: 'optional' },
      preValidation: guard,
      schema: {
        operationId: 'getHealthChecks',
        tags: ['System'],
        summary: 'Health checks: all of them or some by name',
        description:
          '`full` (or `all`) runs every check; `database`, `storage`, `jobs`, `mail` one, several joined by `_` (`database_storage`). ' +
          '500 when one failed. JSON, or `healthy`/`unhealthy` as text when Accept asks for text/plain. Only addresses in ' +
          'TARMAC_HEALTH_ALLOWED_IPS and signed-in administrators may read them (403 `health.address_not_allowed`).',
        params: Type.Object({ checks: Type.String({ pattern: '^[a-z_]{1,64}$', description: 'full, all, or check names joined by _.' }) }),
        response: {
          200: Type.Ref('HealthChecks'),
          403: Type.Ref('ErrorResponse', { description: 'This address is not in TARMAC_HEALTH_ALLOWED_IPS.' }),
          404: Type.Ref('ErrorResponse', { description: 'No check has this name.' }),
          422: Type.Ref('ValidationErrorResponse'),
          500: Type.Ref('HealthChecks', { description: 'A check failed: `healthy` is false.' }),
        },
      },
    },
    async (request, reply) => {
      const names = parseCheckNames(request.params.checks);
      if (names === null) {
        throw new NotFoundError(`No health check is named ${request.params.checks}: use full, database, storage, jobs or mail`, 'health.unknown_check', {
          checks: request.params.checks,
        });
      }
      const { runChecks } = await import('./checks.ts');
      const result = await runChecks(names, checkDeps());
      reply.code(result.healthy ? 200 : 500);
      if (wantsText(request)) return reply.type('text/plain; charset=utf-8').serializer(String).send(result.healthy ? 'healthy' : 'unhealthy');
      return result;
    },
  );
};

function wantsText(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/plain') && !accept.includes('application/json');
}
