// Response schemas of /api/admin/system and /api/admin/database (admin-routes.ts).
import { Type } from 'typebox';
import { StringEnum } from '../../http/schemas.ts';

const Verdict = StringEnum(['ok', 'warn', 'fail'] as const, { description: 'ok; warn: works but needs a look; fail: does not work.' });
const Bytes = (description: string) => Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description });

/** One health check (the same fields as HealthCheckResult of GET /api/health/{checks}). */
export const checkResultFields = {
  name: StringEnum(['database', 'storage', 'jobs', 'mail'] as const, { description: 'Which check.' }),
  status: Verdict,
  message: Type.String({ description: 'What was found, in plain words.' }),
  duration_ms: Type.Integer({ description: 'How long the check took.' }),
};

const SanityItem = Type.Object({
  name: StringEnum(['public_url', 'public_url_reachable', 'secret_key', 'mail', 'trust_proxy', 'metrics'] as const, {
    description: 'Which part of the configuration.',
  }),
  status: Verdict,
  message: Type.String({ description: 'The verdict in a sentence.' }),
});

const JobCounts = Type.Object({
  queued: Type.Integer(), running: Type.Integer(), scheduled: Type.Integer(), failed: Type.Integer(), done: Type.Integer(),
});

export const SystemInfoResponse = Type.Object(
  {
    version: Type.String(),
    vcs_ref: Type.String(),
    build_date: Type.String(),
    node_version: Type.String(),
    platform: Type.String(),
    arch: Type.String(),
    uptime_seconds: Type.Integer({ description: 'Since this process started.' }),
    process_memory: Type.Object({ rss: Type.Integer(), heap_used: Type.Integer(), heap_total: Type.Integer() }),
    host: Type.Object({
      memory_total: Type.Integer(),
      memory_free: Type.Integer(),
      load_average: Type.Array(Type.Number(), { description: '1, 5 and 15 minutes (0 on Windows).' }),
      cpus: Type.Integer(),
    }),
    database: Type.Object({
      engine: StringEnum(['sqlite', 'postgres'] as const),
      version: Type.Union([Type.String(), Type.Null()]),
      size_bytes: Bytes('The whole database; null when it cannot be told.'),
    }),
    storage: Type.Object({
      backend: StringEnum(['local', 's3'] as const),
      location: Type.String({ description: 'The folder, or the S3 endpoint, bucket and prefix (never credentials).' }),
      path: Type.Union([Type.String(), Type.Null()]),
      bucket: Type.Union([Type.String(), Type.Null()]),
      free_bytes: Bytes('Free space on the data directory\'s disk (local storage).'),
      total_bytes: Bytes('Size of that disk (local storage).'),
    }),
    jobs: Type.Object({
      counts: Type.Union([JobCounts, Type.Null()], { description: 'Jobs per state; null when the queue did not answer.' }),
      concurrency: Type.Integer({ description: 'Jobs this process runs at once (TARMAC_JOBS_CONCURRENCY).' }),
    }),
    checks: Type.Array(Type.Object(checkResultFields), { description: 'The health checks, as GET /api/health/full runs them.' }),
    sanity: Type.Array(SanityItem, { description: 'Configuration verdicts.' }),
  },
  { $id: 'SystemInfo', description: 'What runs, on what, and whether its configuration is sane.' },
);

export const DatabaseViewResponse = Type.Object(
  {
    engine: StringEnum(['sqlite', 'postgres'] as const),
    total_bytes: Bytes('The whole database; null when it cannot be told.'),
    tables: Type.Array(
      Type.Object({
        name: Type.String(),
        rows: Type.Integer(),
        rows_exact: Type.Boolean({ description: 'False when rows is PostgreSQL\'s estimate (tables of 100 000 rows or more).' }),
        bytes: Bytes('Table and indexes; null when SQLite has no dbstat.'),
      }),
    ),
  },
  { $id: 'DatabaseView', description: 'Each table\'s rows and size.' },
);

export const StatementsQuery = Type.Object({
  sort: Type.Optional(StringEnum(['mean', 'total'] as const, { description: 'Slowest by mean time (default) or by total time.', default: 'mean' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'How many statements.' })),
});

export const StatementsResponse = Type.Object(
  {
    available: Type.Boolean({ description: 'False on SQLite, or when pg_stat_statements is not installed or not loaded.' }),
    reason: Type.Optional(StringEnum(['sqlite', 'not_installed', 'not_loaded'] as const)),
    message: Type.Optional(Type.String({ description: 'Why the statements are not available.' })),
    statements: Type.Optional(
      Type.Array(
        Type.Object({
          query: Type.String({ description: 'Normalized text: constants are $1, $2… or ?, never the values.' }),
          calls: Type.Integer(),
          mean_ms: Type.Number(),
          total_ms: Type.Number(),
          rows: Type.Integer(),
        }),
      ),
    ),
  },
  { $id: 'DatabaseStatements', description: 'The slowest statements PostgreSQL saw (pg_stat_statements).' },
);
