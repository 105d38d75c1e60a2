// Writes the documentation site's Environment variables page (website/docs/…/environment-variables.md,
// and the latest version's copy) from the variable list in packages/server/src/config-reference.ts,
// the same source as docs/configuration.md. `npm run docs:check` fails when a page drifts from it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configVariables } from '../packages/server/src/config-reference.ts';
import { JOB_KINDS } from '../packages/server/src/jobs/handlers.ts';

const root = path.resolve(import.meta.dirname, '..');
const VERSIONS = ['website/docs', 'website/versioned_docs/version-6'];
export const ZH_VERSIONS = ['website/i18n/zh-Hans/docusaurus-plugin-content-docs/current', 'website/i18n/zh-Hans/docusaurus-plugin-content-docs/version-6'];
const ZH_TEXTS = path.join(root, 'website/translations/config.zh-Hans.json');

/** One English text and its Chinese; `en` must stay the source's current text. */
interface Pair { en: string; zh: string }
/** website/translations/config.zh-Hans.json: the Chinese of the variables' and the scheduled jobs' descriptions. */
export interface ConfigTranslations { variables: Record<string, Pair>; jobs: Record<string, Pair> }

export function readConfigTranslations(): ConfigTranslations {
  return JSON.parse(readFileSync(ZH_TEXTS, 'utf8')) as ConfigTranslations;
}

/** Missing or stale Chinese texts of the generated configuration pages. */
export function configTranslationProblems(texts: ConfigTranslations): string[] {
  const problems: string[] = [];
  const check = (where: string, english: string, pair: Pair | undefined) => {
    if (!pair || pair.zh.trim() === '') problems.push(`${where}: no Chinese`);
    else if (pair.en !== english) problems.push(`${where}: the English changed since it was translated`);
  };
  for (const variable of configVariables) check(variable.name, variable.description, texts.variables[variable.name]);
  for (const kind of JOB_KINDS) if (kind.schedule !== undefined) check(kind.name, JOB_TEXTS[kind.name] ?? '', texts.jobs[kind.name]);
  return problems;
}

const zhOf = (english: string, pair: Pair | undefined) => (pair && pair.en === english && pair.zh ? pair.zh : english);
export const ENVIRONMENT = 'self-hosted/configuration/environment-variables.md';
export const SCHEDULES = 'self-hosted/configuration/schedule-jobs.md';

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

/** The Chinese environment variables page (English where a description has no translation yet). */
export function renderEnvironmentPageZh(texts: ConfigTranslations): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    '---', 'title: 环境变量', 'description: Tarmac 从环境变量读取的全部配置项，及其默认值和含义。', 'format: md', '---', '',
    '# 环境变量', '',
    'Tarmac 只从环境变量读取配置。取值有误时，Tarmac 会在启动时停止，并给出出错的变量名。管理员在运行时修改的设置',
    '（站点标题、注册、每页条数……）在**站点设置**页面；下列变量中与之同名的（`TARMAC_SITE_TITLE`、`TARMAC_DEFAULT_LOCALE`……）',
    '会固定该设置，页面上会注明它来自环境变量。', '',
    `本页列出全部 ${configVariables.length} 个变量，由 Tarmac 的源代码生成，因此与所记录的版本一致。`, '',
    '| 变量 | 默认值 | 含义 |', '|---|---|---|',
    ...configVariables.map((v) => `| \`${v.name}\` | ${cell(v.default)} | ${cell(zhOf(v.description, texts.variables[v.name]))} |`),
    '',
  ].join('\n');
}

/** The Chinese scheduled jobs page. */
export function renderSchedulesPageZh(texts: ConfigTranslations): string {
  const scheduled = JOB_KINDS.filter((kind) => kind.schedule !== undefined);
  return [
    '---', 'title: 定时任务', 'description: Tarmac 按计划运行的任务、它们的默认计划，以及管理员如何修改。', 'format: md', '---', '',
    '# 定时任务', '',
    'Tarmac 自己运行周期性的工作：它们是保存在数据库里的后台任务，无需配置 cron。运行多个实例时，每次运行只会在其中一个实例上发生。', '',
    '| 任务 | 默认计划 | 作用 |', '|---|---|---|',
    ...scheduled.map((kind) => `| \`${kind.name}\` | \`${kind.schedule!}\` | ${zhOf(JOB_TEXTS[kind.name] ?? '', texts.jobs[kind.name])} |`),
    '',
    '## 修改计划 {#changing-a-schedule}', '',
    '管理员在**任务**页面的**定时任务**中查看每个定时任务：计划、下次运行时间和上次的结果。在这里可以修改计划、停用任务或立即运行，',
    '无需重启；每次修改都会写入审计日志。脚本也可以使用 `GET /api/admin/schedules`、`PUT /api/admin/schedules/{name}` 和',
    '`POST /api/admin/schedules/{name}/run`。', '',
    '计划可以写成 `every N s`、`every N m` 或 `every N h`，也可以是 UTC 时间的五段 cron（`分 时 日 月 周`，支持 `*`、`*/n`、范围和列表）：',
    '`30 3 * * *` 表示每天 UTC 03:30。', '',
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
  const texts = readConfigTranslations();
  for (const version of ZH_VERSIONS) {
    writeFileSync(path.join(root, version, ENVIRONMENT), renderEnvironmentPageZh(texts));
    writeFileSync(path.join(root, version, SCHEDULES), renderSchedulesPageZh(texts));
  }
  const problems = configTranslationProblems(texts);
  if (problems.length > 0) console.log(`website/translations/config.zh-Hans.json: ${problems.length} texts to translate (npm run docs:check lists them)`);
  for (const version of VERSIONS) {
    for (const [page, render] of [[ENVIRONMENT, renderEnvironmentPage], [SCHEDULES, renderSchedulesPage]] as const) {
      writeFileSync(path.join(root, version, page), render());
      console.log(`wrote ${path.join(version, page)}`);
    }
  }
}
