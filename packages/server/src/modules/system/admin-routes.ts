// /api/admin/system and /api/admin/database: the system page and the database view, for global
// administrators (`system:read`). Their code loads on the first request (info.ts, database-view.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { can, forbidden } from '../../auth/policy.ts';
import type { Config } from '../../config.ts';
import { authErrors } from '../../http/schemas.ts';
import type { VersionInfo } from '../../version.ts';
import type { CheckDeps } from './checks.ts';
import { DatabaseViewResponse, StatementsQuery, StatementsResponse, SystemInfoResponse } from './schemas.ts';

interface Options {
  config: Config;
  version: VersionInfo;
  checkDeps: () => CheckDeps;
}

const tags = ['System'];

function forwarded(request: FastifyRequest): boolean {
  const headers = request.headers;
  return ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'].some((name) => headers[name] !== undefined);
}

export const adminSystemRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { config, version, checkDeps }) => {
  app.addSchema(SystemInfoResponse);
  app.addSchema(DatabaseViewResponse);
  app.addSchema(StatementsResponse);
  // A non-administrator gets 403 whatever they send, before the input is validated.
  const requireAdmin = async (request: FastifyRequest) => {
    if (!can(actorOf(request), 'system:read')) throw forbidden('system:read');
  };
  const adminOnly = { config: { auth: 'user' as const }, preValidation: requireAdmin };

  app.get('/admin/system', {
    ...adminOnly,
    schema: {
      operationId: 'getSystemInfo', tags, summary: 'System information and configuration verdicts',
      description: 'Administrators only. Build, Node, host, database, storage and jobs, the health checks, and a verdict with a ' +
        'sentence for each part of the configuration. Never secrets. Fetches TARMAC_URL/api/health from the server (3 s at most).',
      response: { 200: Type.Ref('SystemInfo'), ...authErrors() },
    },
  }, async (request) => {
    const { systemInfo } = await import('./info.ts');
    return systemInfo({ ...checkDeps(), config, version, forwardedSeen: forwarded(request) });
  });

  app.get('/admin/database', {
    ...adminOnly,
    schema: {
      operationId: 'getDatabaseView', tags, summary: 'Tables: rows and sizes',
      description: 'Administrators only. Every table with its row count (PostgreSQL: estimated from 100 000 rows up) and its size ' +
        'with indexes (SQLite: from dbstat), and the whole database\'s size.',
      response: { 200: Type.Ref('DatabaseView'), ...authErrors() },
    },
  }, async () => {
    const { databaseView } = await import('./database-view.ts');
    return databaseView(checkDeps().database);
  });

  app.get('/admin/database/statements', {
    ...adminOnly,
    schema: {
      operationId: 'getDatabaseStatements', tags, summary: 'The slowest SQL statements (PostgreSQL)',
      description: 'Administrators only. From pg_stat_statements when the extension is loaded (shared_preload_libraries) and ' +
        'installed (CREATE EXTENSION); otherwise `available: false` with the reason. Query text is normalized: no values.',
      querystring: StatementsQuery,
      response: { 200: Type.Ref('DatabaseStatements'), ...authErrors(), 422: Type.Ref('ValidationErrorResponse') },
    },
  }, async (request) => {
    const { slowStatements } = await import('./database-view.ts');
    return slowStatements(checkDeps().database, request.query.sort ?? 'mean', request.query.limit ?? 25);
  });
};
