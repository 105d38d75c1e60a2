// Health and version: public, no token. Load balancers and Zealot's tooling poll these.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { VersionInfo } from '../../version.ts';

const tags = ['System'];
const config = { auth: 'public' as const };
const HEALTH_TIMEOUT_MS = 3000;

interface Options {
  ping: () => Promise<void>;
  version: VersionInfo;
}

const HealthResponse = Type.Object(
  { healthy: Type.Boolean(), message: Type.String({ description: '"healthy", or what is wrong.' }) },
  { $id: 'Health', description: 'Whether Tarmac can serve: healthy, or what is wrong.' },
);

const VersionResponse = Type.Object(
  {
    version: Type.String({ description: 'Tarmac version, e.g. 6.1.0: the Zealot API level it serves.' }),
    vcs_ref: Type.String({ description: 'Git commit of the build.' }),
    build_date: Type.String({ description: 'When the build was made (ISO 8601).' }),
  },
  { $id: 'Version', description: 'The running build.' },
);

export const systemRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { ping, version }) => {
  async function check(): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
        }),
      ]);
      return null;
    } catch (error) {
      app.log.warn({ err: error }, 'health check failed');
      return `database: ${(error as Error).message.split('\n')[0]}`;
    } finally {
      clearTimeout(timer);
    }
  }

  app.get(
    '/health',
    {
      config,
      schema: {
        operationId: 'getHealth',
        tags,
        summary: 'Health as text',
        description: 'Answers `healthy`, or 500 `unhealthy` when the database does not answer.',
        produces: ['text/plain'],
        response: {
          200: Type.String({ description: '`healthy`.' }),
          500: Type.String({ description: '`unhealthy`: the database does not answer.' }),
        },
      },
    },
    async (_request, reply) => {
      const problem = await check();
      return reply
        .code(problem ? 500 : 200)
        .type('text/plain; charset=utf-8')
        .send(problem ? 'unhealthy' : 'healthy');
    },
  );

  app.get(
    '/health.json',
    {
      config,
      schema: { operationId: 'getHealthJson', tags, summary: 'Health as JSON', response: { 200: HealthResponse, 500: HealthResponse } },
    },
    async (_request, reply) => {
      const problem = await check();
      return reply.code(problem ? 500 : 200).send({ healthy: problem === null, message: problem ?? 'healthy' });
    },
  );

  app.get(
    '/version',
    { config, schema: { operationId: 'getVersion', tags, summary: 'Version information', response: { 200: VersionResponse } } },
    () => ({ version: version.version, vcs_ref: version.vcsRef, build_date: version.buildDate }),
  );
};
