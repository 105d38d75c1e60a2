// Writes the documentation site's API pages from Tarmac's committed OpenAPI document
// (packages/server/openapi.json): the overview (developer-guide/api.md: every group of operations)
// and one page per resource Zealot's docs had (apps, channels, collaborators, debug_files, schemes,
// users), each operation linking into the full reference (/api/v1/en, rendered by Redoc). It also
// copies the document to website/openapi/openapi_v1_en.json. `npm run docs:check` fails on drift.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(root, 'packages/server/openapi.json');
const VERSIONS = ['website/docs', 'website/versioned_docs/version-6'];

interface Operation { operationId: string; summary?: string; description?: string; tags?: string[] }
export interface Document { info: { description: string }; paths: Record<string, Record<string, Operation>>; tags?: { name: string }[] }

/** One English text and its Chinese: `en` must stay the document's current text, or the check fails. */
export interface Pair { en: string; zh: string }
/** website/openapi/zh-Hans.json: the Chinese of the document's prose, kept beside the English it translates. */
export interface Translations {
  info: Pair;
  tags: Record<string, string>;
  operations: Record<string, { summary?: Pair; description?: Pair }>;
}
const TRANSLATIONS = path.join(root, 'website/openapi/zh-Hans.json');

/** Every place the Chinese document differs from the English: missing or stale translations. */
export function translationProblems(document: Document, translations: Translations): string[] {
  const problems: string[] = [];
  const check = (where: string, english: string | undefined, pair: Pair | undefined) => {
    if (english === undefined || english === '') return;
    if (!pair || pair.zh.trim() === '') problems.push(`${where}: no Chinese`);
    else if (pair.en !== english) problems.push(`${where}: the English changed since it was translated`);
  };
  check('info.description', document.info.description, translations.info);
  for (const { operation } of operations(document)) {
    const entry = translations.operations[operation.operationId];
    check(`${operation.operationId}.summary`, operation.summary, entry?.summary);
    check(`${operation.operationId}.description`, operation.description, entry?.description);
    for (const tag of operation.tags ?? []) if (!translations.tags[tag]) problems.push(`tag ${tag}: no Chinese`);
  }
  return [...new Set(problems)];
}

/** The Chinese document: the English one with every translated text replaced (English where none is yet). */
export function chineseDocument(document: Document, translations: Translations): Document {
  const copy = structuredClone(document);
  const pick = (english: string | undefined, pair: Pair | undefined) => (pair && pair.en === english && pair.zh ? pair.zh : english);
  copy.info.description = pick(document.info.description, translations.info) ?? '';
  for (const { operation } of operations(copy)) {
    const entry = translations.operations[operation.operationId];
    operation.summary = pick(operation.summary, entry?.summary);
    operation.description = pick(operation.description, entry?.description);
    operation.tags = operation.tags?.map((tag) => translations.tags[tag] ?? tag);
  }
  return copy;
}

/** The resource pages: slug → the tag of its operations and its title. */
export const RESOURCES: Record<string, { tag: string; title: string; intro: string }> = {
  apps: { tag: 'Apps', title: 'Apps API', intro: 'Apps, and the calls Zealot clients make to upload and check builds (tag Versions).' },
  channels: { tag: 'Channels', title: 'Channels API', intro: "A scheme's channels: where builds of one platform go, with their key, password and bundle id rule." },
  collaborators: { tag: 'Collaborators', title: 'Collaborators API', intro: "Who works on an app, and with which role." },
  debug_files: { tag: 'Debug files', title: 'Debug files API', intro: 'dSYM and Proguard files: upload, list, read and delete.' },
  schemes: { tag: 'Schemes', title: 'Schemes API', intro: "An app's schemes (Beta, Release …), each holding channels." },
  users: { tag: 'Users', title: 'Users API', intro: 'Accounts: yours, and for administrators everyone\'s.' },
};

export function operations(document: Document): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path: route, operation })));
}

const anchor = (tag: string, id: string) => `/api/v1/en#tag/${encodeURIComponent(tag.replace(/ /g, '-'))}/operation/${id}`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

function table(rows: ReturnType<typeof operations>, tag: string): string[] {
  return [
    '| Call | What it does |',
    '|---|---|',
    ...rows.map(({ method, path: route, operation }) =>
      `| [\`${method} ${route}\`](pathname://${anchor(tag, operation.operationId)}) | ${cell(operation.summary ?? '')} |`),
  ];
}

export function renderResourcePage(document: Document, slug: string): string {
  const resource = RESOURCES[slug]!;
  const rows = operations(document).filter((entry) => entry.operation.tags?.includes(resource.tag));
  const extra = slug === 'apps' ? operations(document).filter((entry) => entry.operation.tags?.includes('Versions')) : [];
  return [
    '---', `title: ${JSON.stringify(resource.title)}`, `description: ${JSON.stringify(resource.intro)}`, 'format: md', '---', '',
    `# ${resource.title}`, '', resource.intro, '',
    ...table(rows, resource.tag), '',
    ...(extra.length > 0 ? ['## Versions: what Zealot clients call', '', ...table(extra, 'Versions'), ''] : []),
    'Each call links to its full description, parameters and answers in the [API reference](pathname:///api/v1/en)',
    '([中文](pathname:///api/v1/zh-Hans)). This page is generated from the OpenAPI document of this version of Tarmac.', '',
  ].join('\n');
}

export function renderOverview(document: Document): string {
  const tags = [...new Set(operations(document).flatMap((entry) => entry.operation.tags ?? []))];
  const count = (tag: string) => operations(document).filter((entry) => entry.operation.tags?.includes(tag)).length;
  const page = (tag: string) => Object.entries(RESOURCES).find(([, resource]) => resource.tag === tag)?.[0];
  return [
    '---', 'title: API', `description: ${JSON.stringify("Tarmac's REST API: how to authenticate, how errors and lists look, and every group of calls.")}`, 'format: md', '---', '',
    '# API', '',
    'Tarmac has one REST API under `/api`, used by the web app, by scripts and CI, and by Zealot\'s clients',
    '(the fastlane plugin and the SDKs), whose calls it answers as Zealot does. The full reference, rendered',
    'from the OpenAPI document Tarmac serves at `/api/openapi.json`, is at [API reference (English)](pathname:///api/v1/en)',
    'and [API 参考（中文）](pathname:///api/v1/zh-Hans).', '',
    '## Authentication', '',
    'Make a personal access token on **Settings → API tokens**, then send it as `Authorization: Bearer <token>`,',
    'or as the `token` query or form field (as Zealot\'s clients do). The version checks (`/api/apps/latest` …)',
    'need no token: the channel key is their credential.', '',
    '```bash', 'curl -H "Authorization: Bearer $TARMAC_TOKEN" https://tarmac.example.com/api/apps', '```', '',
    '## Answers', '',
    '- Errors are JSON: `{"error": "…", "code": "…"}`; a 422 adds `details` with the problems of each field.',
    '- Lists are JSON arrays; their total is in the `X-Total-Count` header and the next and previous pages in `Link`.',
    '  `page` and `per_page` choose the page (the site\'s page size applies when `per_page` is left out).', '',
    '## Groups of calls', '',
    '| Group | Calls | Page |', '|---|---|---|',
    ...tags.map((tag) => {
      const slug = page(tag);
      return `| [${tag}](pathname://${'/api/v1/en#tag/' + encodeURIComponent(tag.replace(/ /g, '-'))}) | ${count(tag)} | ${slug ? `[${RESOURCES[slug]!.title}](./api/${slug}.md)` : ''} |`;
    }),
    '',
  ].join('\n');
}

/** Tarmac's committed OpenAPI document. */
export function readDocument(): Document {
  return JSON.parse(readFileSync(SOURCE, 'utf8')) as Document;
}

if (import.meta.main) {
  const document = readDocument();
  mkdirSync(path.join(root, 'website/openapi'), { recursive: true });
  copyFileSync(SOURCE, path.join(root, 'website/openapi/openapi_v1_en.json'));
  const translations = JSON.parse(readFileSync(TRANSLATIONS, 'utf8')) as Translations;
  writeFileSync(path.join(root, 'website/openapi/openapi_v1_zh-Hans.json'), `${JSON.stringify(chineseDocument(document, translations), null, 2)}\n`);
  const problems = translationProblems(document, translations);
  if (problems.length > 0) console.log(`website/openapi/zh-Hans.json: ${problems.length} texts to translate (npm run docs:check lists them)`);
  for (const version of VERSIONS) {
    writeFileSync(path.join(root, version, 'developer-guide/api.md'), renderOverview(document));
    for (const slug of Object.keys(RESOURCES)) {
      writeFileSync(path.join(root, version, 'developer-guide/api', `${slug}.md`), renderResourcePage(document, slug));
    }
    console.log(`wrote ${version}/developer-guide/api.md and ${Object.keys(RESOURCES).length} resource pages`);
  }
}
