// The shapes of /api/admin/backups: plans (what, when, where to) and the schedule preview.
import { Type } from 'typebox';
import type { Static } from 'typebox';

export const BACKUP_DESTINATIONS = ['local', 's3'] as const;

const PlanFields = {
  name: Type.String({ minLength: 1, maxLength: 100, description: 'A name shown in the list and in failure notices; unique.' }),
  enabled: Type.Boolean({ description: 'Whether the schedule fires; a disabled plan still runs on demand.' }),
  schedule: Type.Union([Type.String({ maxLength: 100 }), Type.Null()], {
    description: '`every N(s|m|h)` or a five-field cron line in UTC; null runs only on demand.',
  }),
  include_database: Type.Boolean({ description: 'Whether the archive holds the database.' }),
  app_ids: Type.Union([Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 }), Type.Null()], {
    description: "The apps whose files go in the archive; null for every app, [] for none.",
  }),
  include_debug_files: Type.Boolean({ description: 'Whether the debug files (dSYM, ProGuard) go in the archive.' }),
  destination: Type.Union(BACKUP_DESTINATIONS.map((value) => Type.Literal(value)), {
    description: 'local: TARMAC_BACKUP_DIR; s3: the configured S3 store under TARMAC_BACKUP_S3_PREFIX.',
  }),
  keep_count: Type.Integer({ minimum: 1, maximum: 1000, description: 'How many archives of this plan to keep; older ones are deleted.' }),
  notify_url: Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], { description: 'An http(s) URL POSTed to when a run fails.' }),
};

export const BackupPlanBody = Type.Object(PlanFields, { additionalProperties: false });
export type BackupPlanBody = Static<typeof BackupPlanBody>;

export const BackupPlanPatch = Type.Partial(Type.Object(PlanFields, { additionalProperties: false }));
export type BackupPlanPatch = Static<typeof BackupPlanPatch>;

export const BackupPlan = Type.Object({
  id: Type.Integer(),
  ...PlanFields,
  next_runs: Type.Array(Type.String(), { description: 'The next (up to 3) times the schedule fires, ISO 8601 UTC; [] when off.' }),
  created_at: Type.String(),
  updated_at: Type.String(),
}, { description: 'A backup plan: what goes in its archives, when it runs, where the archives go and how many are kept.' });
export type BackupPlan = Static<typeof BackupPlan>;

export const BackupPlanList = Type.Object({ items: Type.Array(BackupPlan) }, { description: 'Every backup plan, by name.' });

export const SchedulePreviewQuery = Type.Object({
  spec: Type.String({ minLength: 1, maxLength: 100, description: 'A schedule to check.' }),
});

export const SchedulePreview = Type.Object({
  next: Type.Array(Type.String(), { description: 'The next three times it fires, ISO 8601 UTC.' }),
}, { description: 'When a schedule would fire.' });

export const BackupRun = Type.Object({
  id: Type.Integer(),
  plan_id: Type.Union([Type.Integer(), Type.Null()], { description: 'Null once the plan is deleted.' }),
  plan_name: Type.String(),
  trigger: Type.Union([Type.Literal('manual'), Type.Literal('schedule')]),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  stage: Type.Union([Type.String(), Type.Null()], { description: 'prepare, database, files, pack, verify or done.' }),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why a failed run failed.' }),
  destination: Type.String(),
  archive_key: Type.Union([Type.String(), Type.Null()], { description: 'The stored archive; null until done, and once pruned or deleted.' }),
  size: Type.Union([Type.Integer(), Type.Null()]),
  sha256: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  started_at: Type.Union([Type.String(), Type.Null()]),
  finished_at: Type.Union([Type.String(), Type.Null()]),
}, { description: 'One run of a plan: its state, stage and progress, and the archive it made.' });
export type BackupRun = Static<typeof BackupRun>;

export const BackupRunPage = Type.Object({
  items: Type.Array(BackupRun),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
}, { description: 'A page of runs, newest first.' });

export const RunStarted = Type.Object(
  { run_id: Type.Integer({ description: 'Poll GET /api/admin/backups/runs/{id} for progress.' }) },
  { description: 'The run is queued.' },
);

const ReportSummary = Type.Object({
  created_at: Type.String({ description: 'When the archive was made.' }),
  version: Type.String({ description: 'The Tarmac version that made it.' }),
  engine: Type.String({ description: 'The database engine it was made from (sqlite or postgres).' }),
  scope: Type.Object({
    database: Type.Boolean(),
    apps: Type.Union([Type.Literal('all'), Type.Array(Type.Integer())]),
    debugFiles: Type.Boolean(),
  }),
  tables: Type.Array(Type.Object({
    name: Type.String(),
    rows: Type.Integer({ description: 'Rows the archive holds.' }),
    replacesRows: Type.Integer({ description: 'Rows of this instance they replace.' }),
  })),
  files: Type.Object({ count: Type.Integer(), bytes: Type.Integer() }),
  refusals: Type.Array(Type.String(), { description: 'Why the restore may not run; empty when it may.' }),
  warnings: Type.Array(Type.String(), { description: 'What to know before restoring (e.g. a different secret key).' }),
  migrations_to_run: Type.Array(Type.String(), { description: 'Migrations this Tarmac runs after loading the rows.' }),
}, { description: 'The dry-run report of replacing this instance\'s data with the archive.' });

export const Restore = Type.Object({
  id: Type.Integer(),
  run_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The backup run whose archive this is.' }),
  file_name: Type.String(),
  size: Type.Union([Type.Integer(), Type.Null()]),
  state: Type.Union([Type.Literal('checking'), Type.Literal('ready'), Type.Literal('restoring'), Type.Literal('done'), Type.Literal('failed')], {
    description: 'checking (verifying every checksum), ready (the report is there), restoring, done or failed.',
  }),
  stage: Type.Union([Type.String(), Type.Null()]),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  report: Type.Union([ReportSummary, Type.Null()]),
  error_code: Type.Union([Type.String(), Type.Null()], { description: 'The error code of a failed check or restore (e.g. backup.checksum_mismatch).' }),
  error: Type.Union([Type.String(), Type.Null()]),
  created_by: Type.String(),
  created_at: Type.String(),
  started_at: Type.Union([Type.String(), Type.Null()]),
  finished_at: Type.Union([Type.String(), Type.Null()]),
  confirm_text: Type.String({ description: 'What `confirm` must be to apply it: the host name of the public URL.' }),
}, { description: 'A restore: the archive checked, its dry-run report, and once applied its progress and result.' });

export const RestorePage = Type.Object({
  items: Type.Array(Restore),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
}, { description: 'A page of restores, newest first.' });

export const RestoreBody = Type.Object({
  run_id: Type.Integer({ minimum: 1, description: 'A done backup run whose archive to check and restore.' }),
}, { additionalProperties: false });

export const ApplyRestoreBody = Type.Object({
  confirm: Type.String({ maxLength: 300, description: 'The host name of the public URL (confirm_text), typed by the administrator.' }),
}, { additionalProperties: false });
