// Writes the documentation site's Environment variables page (website/docs/…/environment-variables.md,
// and the latest version's copy) from the variable list in packages/server/src/config-reference.ts,
// the same source as docs/configuration.md. `npm run docs:check` fails when a page drifts from it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { configVariables } from '../packages/server/src/config-reference.ts';
import { JOB_KINDS } from '../packages/server/src/jobs/handlers.ts';

const root = path.resolve(import.meta.dirname, '..');
const VERSIONS = ['website/docs', 'website/versioned_docs/version-6'];
const ENVIRONMENT = 'self-hosted/configuration/environment-variables.md';
const SCHEDULES = 'self-hosted/configuration/schedule-jobs.md';

/** What each recurring job does, in a reader's words; a scheduled job missing here fails the script. */
const JOB_TEXTS: Record<string, string> = {
  'jobs.prune': 'Removes finished background jobs older than 7 days and stale failed attempts.',
  'webhook.digest': "Sends the webhooks' daily digest of new builds to the webhooks that asked for one.",
  'webhook.prune': 'Removes webhook deliveries older than `TARMAC_WEBHOOK_LOG_DAYS` from the delivery log.',
  'storage.temp-sweep': 'Removes the temporary files interrupted uploads left in `TARMAC_DATA_DIR/tmp`. Every process also sweeps its own folder at start and every 15 minutes, whatever this schedule says.',
  'storage.orphan-sweep': 'Deletes stored files that no build or debug file refers to any more and that are older than 24 hours (a crash between storing a file and recording it).',
  'audit.prune': 'Deletes audit-log lines older than `TARMAC_AUDIT_RETENTION_DAYS`.',
  'demo.reset': 'In demo mode (`TARMAC_DEMO_MODE`), puts the showcase data back as it was.',
  'backup.due': 'Starts the backup plans whose schedule is due.',
  'releases.retention': "Deletes the builds beyond each channel's retained-builds count, with their files.",
};

/** The page: one row per variable, in the reference's order, as CommonMark (format: md, not MDX). */
export function renderEnvironmentPage(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    '---',
    'title: Environment variables',
    'description: Every setting Tarmac reads from its environment, with its default and meaning.',
    'format: md',
    '---',
    '',
    '# Environment variables',
    '',
    'Tarmac reads its configuration from environment variables only. A wrong value stops it at start',
    'with a message naming the variable. Settings an administrator changes at run time (site title,',
    'sign-up, page sizes …) live on the Settings screen; the variables below that also exist there',
    '(`TARMAC_SITE_TITLE`, `TARMAC_DEFAULT_LOCALE` …) hold the setting, and the screen shows it as set',
    'by the environment.',
    '',
    `This page lists all ${configVariables.length} variables and is generated from Tarmac's source, so it`,
    'matches the version it documents.',
    '',
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...configVariables.map((v) => `| \`${v.name}\` | ${cell(v.default)} | ${cell(v.description)} |`),
    '',
  ].join('\n');
}

/** The scheduled jobs page: every job of JOB_KINDS that has a schedule, with its default. */
export function renderSchedulesPage(): string {
  const scheduled = JOB_KINDS.filter((kind) => kind.schedule !== undefined);
  const missing = scheduled.filter((kind) => JOB_TEXTS[kind.name] === undefined).map((kind) => kind.name);
  if (missing.length > 0) throw new Error(`scripts/docs-site-config.ts: describe the scheduled jobs ${missing.join(', ')} in JOB_TEXTS`);
  return [
    '---',
    'title: Scheduled jobs',
    'description: The jobs Tarmac runs on a schedule, their default schedules, and how an administrator changes them.',
    'format: md',
    '---',
    '',
    '# Scheduled jobs',
    '',
    'Tarmac runs its recurring work itself, as background jobs stored in its database: there is no cron',
    'to set up. With several instances, each run happens once, on one of them.',
    '',
    '| Job | Default schedule | What it does |',
    '|---|---|---|',
    ...scheduled.map((kind) => `| \`${kind.name}\` | \`${kind.schedule!}\` | ${JOB_TEXTS[kind.name]!} |`),
    '',
    '## Changing a schedule',
    '',
    'Administrators see every scheduled job on the **Jobs** screen, under **Schedules**: its schedule, its',
    'next run and its last result. There they can change a schedule, turn a job off or run it now, without',
    'a restart; each change is written to the audit log. The same is available to scripts as',
    '`GET /api/admin/schedules`, `PUT /api/admin/schedules/{name}` and `POST /api/admin/schedules/{name}/run`.',
    '',
    'A schedule is either `every N s`, `every N m` or `every N h`, or a five-field cron line in UTC',
    '(`minute hour day month weekday`, with `*`, `*/n`, ranges and lists): `30 3 * * *` is 03:30 UTC every day.',
    '',
  ].join('\n');
}

if (import.meta.main) {
  for (const version of VERSIONS) {
    for (const [page, render] of [[ENVIRONMENT, renderEnvironmentPage], [SCHEDULES, renderSchedulesPage]] as const) {
      writeFileSync(path.join(root, version, page), render());
      console.log(`wrote ${path.join(version, page)}`);
    }
  }
}
