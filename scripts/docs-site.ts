// The documentation site's commands (website/, its own npm project):
//   node scripts/docs-site.ts build   installs website/'s dependencies when needed, writes the generated
//                                     pages and the API documents, and builds the site into website/build
//   node scripts/docs-site.ts serve   serves the built site (docusaurus serve) on PORT or 3100
//   node scripts/docs-site.ts check   fails when a generated page or the API documents drifted from their
//                                     sources, or a Chinese API text is missing or stale
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  configTranslationProblems, ENVIRONMENT, readConfigTranslations, renderEnvironmentPage, renderEnvironmentPageZh, renderSchedulesPage,
  renderSchedulesPageZh, SCHEDULES, ZH_VERSIONS,
} from './docs-site-config.ts';
import { chineseDocument, readDocument, renderOverview, renderResourcePage, RESOURCES, translationProblems } from './docs-site-api.ts';
import type { Translations } from './docs-site-api.ts';
import { renderOverviewZh, renderResourcePageZh, ZH_API_VERSIONS } from './docs-site-api-zh.ts';

const root = path.resolve(import.meta.dirname, '..');
const website = path.join(root, 'website');
const VERSIONS = ['website/docs', 'website/versioned_docs/version-6'];

function run(command: string, args: string[], cwd = root): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** website/node_modules, installed from its lock file when missing or older than the lock. */
function ensureDependencies(): void {
  const marker = path.join(website, 'node_modules/.package-lock.json');
  const lock = path.join(website, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing the documentation site\'s dependencies (website/, npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], website);
}

/** Every generated file and what it should hold now. */
function expectedFiles(): [string, string][] {
  const document = readDocument();
  const translations = JSON.parse(readFileSync(path.join(website, 'openapi/zh-Hans.json'), 'utf8')) as Translations;
  const files: [string, string][] = [
    ['website/openapi/openapi_v1_en.json', readFileSync(path.join(root, 'packages/server/openapi.json'), 'utf8')],
    ['website/openapi/openapi_v1_zh-Hans.json', `${JSON.stringify(chineseDocument(document, translations), null, 2)}\n`],
  ];
  const texts = readConfigTranslations();
  for (const version of ZH_VERSIONS) {
    files.push([`${version}/${ENVIRONMENT}`, renderEnvironmentPageZh(texts)], [`${version}/${SCHEDULES}`, renderSchedulesPageZh(texts)]);
  }
  for (const version of ZH_API_VERSIONS) {
    files.push([`${version}/developer-guide/api.md`, renderOverviewZh(document, translations)]);
    for (const slug of Object.keys(RESOURCES)) files.push([`${version}/developer-guide/api/${slug}.md`, renderResourcePageZh(document, translations, slug)]);
  }
  for (const version of VERSIONS) {
    files.push([`${version}/${ENVIRONMENT}`, renderEnvironmentPage()]);
    files.push([`${version}/${SCHEDULES}`, renderSchedulesPage()]);
    files.push([`${version}/developer-guide/api.md`, renderOverview(document)]);
    for (const slug of Object.keys(RESOURCES)) files.push([`${version}/developer-guide/api/${slug}.md`, renderResourcePage(document, slug)]);
  }
  return files;
}

function check(): void {
  const drifted = expectedFiles().filter(([file, text]) => !existsSync(path.join(root, file)) || readFileSync(path.join(root, file), 'utf8') !== text);
  const document = readDocument();
  const translations = JSON.parse(readFileSync(path.join(website, 'openapi/zh-Hans.json'), 'utf8')) as Translations;
  const problems = [
    ...translationProblems(document, translations).map((problem) => `website/openapi/zh-Hans.json: ${problem}`),
    ...configTranslationProblems(readConfigTranslations()).map((problem) => `website/translations/config.zh-Hans.json: ${problem}`),
  ];
  for (const [file] of drifted) console.error(`${file} is not what its source makes: run npm run docs:generate`);
  for (const problem of problems) console.error(problem);
  if (drifted.length > 0 || problems.length > 0) process.exit(1);
  console.log('The documentation site\'s generated pages and API documents match their sources.');
}

const command = process.argv[2];
if (command === 'generate' || command === 'build') {
  // Every generated file, written from its source: what `check` compares against.
  for (const [file, text] of expectedFiles()) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  console.log('Wrote the documentation site\'s generated pages and API documents.');
}
if (command === 'build') {
  ensureDependencies();
  run('npx', ['docusaurus', 'build'], website);
} else if (command === 'serve') {
  ensureDependencies();
  run('npx', ['docusaurus', 'serve', '--no-open', '--port', process.env.PORT ?? '3100'], website);
} else if (command === 'check') {
  check();
} else if (command !== 'generate') {
  console.error('usage: node scripts/docs-site.ts build|serve|check|generate');
  process.exit(2);
}
