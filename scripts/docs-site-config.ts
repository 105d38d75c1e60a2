// Writes the documentation site's Environment variables page (website/docs/…/environment-variables.md,
// and the latest version's copy) from the variable list in packages/server/src/config-reference.ts,
// the same source as docs/configuration.md. `npm run docs:check` fails when a page drifts from it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { configVariables } from '../packages/server/src/config-reference.ts';

const root = path.resolve(import.meta.dirname, '..');
const PAGE = 'self-hosted/configuration/environment-variables.md';
export const ENVIRONMENT_PAGES = [path.join('website/docs', PAGE), path.join('website/versioned_docs/version-6', PAGE)];

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

if (import.meta.main) {
  for (const page of ENVIRONMENT_PAGES) {
    writeFileSync(path.join(root, page), renderEnvironmentPage());
    console.log(`wrote ${page}`);
  }
}
