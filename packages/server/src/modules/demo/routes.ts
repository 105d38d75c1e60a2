// GET /api/demo: whether this instance is a demo (TARMAC_DEMO_MODE) and how to sign in to it. The web
// app shows its banner and the sign-in page's hint from this. Public: the demo password is meant to be read.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEMO_ACCOUNT_NAMES } from './accounts.ts';

interface Options {
  demo: { password: string } | null;
}

const DemoResponse = Type.Object(
  {
    enabled: Type.Boolean({ description: 'Whether this instance is a read-only demo whose data resets daily at 00:00 UTC.' }),
    accounts: Type.Array(Type.String(), { description: 'The demo accounts one may sign in as (empty when not a demo).' }),
    password: Type.Union([Type.String(), Type.Null()], { description: 'Their password (null when not a demo).' }),
    reset_at: Type.String({ description: 'When the data resets, as a UTC time of day (HH:MM).' }),
  },
  { $id: 'DemoMode', description: 'Demo mode, as the web app shows it.' },
);

export const demoRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { demo }) => {
  app.get(
    '/demo',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'getDemoMode',
        tags: ['System'],
        summary: 'Demo mode',
        description:
          'Whether this instance runs in demo mode (TARMAC_DEMO_MODE): a read-only showcase where every change answers 403 ' +
          '`demo.read_only` and the data is reset daily at 00:00 UTC; and, then, the demo accounts and their password.',
        response: { 200: DemoResponse },
      },
    },
    () => ({
      enabled: demo !== null,
      accounts: demo ? [...DEMO_ACCOUNT_NAMES] : [],
      password: demo?.password ?? null,
      reset_at: '00:00',
    }),
  );
};
