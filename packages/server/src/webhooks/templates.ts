// Webhook bodies from logic-less Mustache templates (mustache.js 4.2): a template can insert the
// documented variables and repeat or hide a section, nothing else. Zealot evaluated its body as Ruby
// (remote code execution for anyone who could save a webhook); here nothing in a template runs:
// - the view is plain data rebuilt with null prototypes, so `{{#constructor}}`, `{{__proto__}}` or
//   `{{changelog.map}}` find nothing, and no value in it is a function (no lambdas);
// - unescaped tags (`{{{x}}}`, `{{&x}}`) and partials (`{{>x}}`) are refused, so every value passes
//   through the target's escaping; `<%= %>`, `#{}` and `${}` are plain text;
// - a name outside the documented set renders empty, and `checkTemplate` reports it by name.
// The variables come from a release and where it sits (`buildVariables`, a pure function).
import Mustache from 'mustache';
import type { PublicUrls } from '../http/urls.ts';
import { PLATFORM_NAMES, textChangelog } from '../modules/releases/mapper.ts';
import type { Release, ReleaseContext } from '../modules/releases/types.ts';

/** The events a hook can be told about. */
export const WEBHOOK_EVENTS = ['upload', 'download', 'changelog', 'release_deleted', 'debug_file', 'test'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How inserted values are escaped: inside a JSON string, as markdown text, or not at all (plain text). */
export type EscapeTarget = 'json' | 'markdown' | 'text';

export const MAX_TEMPLATE_CHARS = 16_384;
export const MAX_RENDERED_CHARS = 65_536;
/** build.changelog_items holds at most this many entries (build.changelog has them all). */
export const MAX_CHANGELOG_ITEMS = 100;

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

export interface TemplateVariables {
  event: WebhookEvent;
  /** "MyApp 1.2.0 (42) uploaded to Production", in English. */
  title: string;
  app: { name: string };
  scheme: { name: string };
  channel: { name: string; slug: string; url: string };
  build: {
    /** Per-channel build number (Tarmac's `version`). */
    number: number;
    version: string;
    build_version: string;
    name: string;
    bundle_id: string;
    platform: string;
    device_type: string;
    size: number;
    size_text: string;
    changelog: string;
    changelog_items: { message: string; author: string }[];
    install_url: string;
    qrcode_url: string;
    download_url: string;
    release_url: string;
    icon_url: string;
    uploader: string;
    uploaded_at: string;
    branch: string;
    git_commit: string;
    ci_url: string;
  };
}

/** Every variable name a template may use (dotted), for checkTemplate and the docs. */
export const VARIABLE_NAMES: readonly string[] = [
  'event', 'title', 'app.name', 'scheme.name', 'channel.name', 'channel.slug', 'channel.url',
  ...['number', 'version', 'build_version', 'name', 'bundle_id', 'platform', 'device_type', 'size', 'size_text', 'changelog',
    'changelog_items', 'install_url', 'qrcode_url', 'download_url', 'release_url', 'icon_url', 'uploader', 'uploaded_at',
    'branch', 'git_commit', 'ci_url'].map((name) => `build.${name}`),
];
const ITEM_NAMES = ['message', 'author'];

const EVENT_VERBS: Record<WebhookEvent, string> = {
  upload: 'uploaded to',
  download: 'downloaded from',
  changelog: 'changelog updated in',
  release_deleted: 'deleted from',
  debug_file: 'debug file uploaded to',
  test: 'test message from',
};

export function sizeText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

export interface VariableInput {
  event: WebhookEvent;
  release: Release;
  context: ReleaseContext;
  urls: PublicUrls;
  /** The uploader's username (or display name); empty when unknown. */
  uploader?: string | null;
}

/** The documented variables for one release where it sits. Links carry no grant: chat messages are shared. */
export function buildVariables({ event, release, context, urls, uploader }: VariableInput): TemplateVariables {
  const slug = context.channel.slug;
  const version = release.releaseVersion ?? '';
  const buildVersion = release.buildVersion ?? '';
  const label = [version, buildVersion ? `(${buildVersion})` : ''].filter(Boolean).join(' ') || `#${release.version}`;
  return {
    event,
    title: `${context.app.name} ${label} ${EVENT_VERBS[event]} ${context.scheme.name} ${context.channel.name}`,
    app: { name: context.app.name },
    scheme: { name: context.scheme.name },
    channel: { name: context.channel.name, slug, url: urls.channel(slug) },
    build: {
      number: release.version,
      version,
      build_version: buildVersion,
      name: release.name ?? '',
      bundle_id: release.bundleId ?? '',
      platform: PLATFORM_NAMES[release.platform] ?? release.platform,
      device_type: release.deviceType,
      size: release.size,
      size_text: sizeText(release.size),
      changelog: textChangelog(release.changelog),
      changelog_items: release.changelog.slice(0, MAX_CHANGELOG_ITEMS).map((entry) => ({ message: entry.message, author: entry.author ?? '' })),
      install_url: urls.install(release, slug),
      qrcode_url: urls.qrcode(slug, release.id),
      download_url: urls.download(slug, release.id),
      release_url: urls.release(slug, release.id),
      icon_url: release.iconKey ? urls.icon(slug, release.id) : '',
      uploader: uploader ?? '',
      uploaded_at: release.createdAt,
      branch: release.branch ?? '',
      git_commit: release.gitCommit ?? '',
      ci_url: release.ciUrl ?? '',
    },
  };
}

/** Markdown's special characters, backslash-escaped; `<` and `>` as entities (DingTalk and WeCom accept some HTML). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]()#+\-!|~{}]/g, '\\$&').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A URL inside a markdown link target: only the characters that would end or break the link are encoded. */
function escapeMarkdownUrl(url: string): string {
  return url.replace(/[()<>\s\\]/g, (ch) => encodeURIComponent(ch));
}

/** The contents of a JSON string (without its quotes). */
export function escapeJsonString(text: string): string {
  return JSON.stringify(text).slice(1, -1).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

type Leaf = string | number;
type Plain = Leaf | Plain[] | { [key: string]: Plain };

/** A copy of the view with null prototypes everywhere and markdown escaping applied per value. */
function plainView(value: unknown, target: EscapeTarget, key = ''): Plain {
  if (typeof value === 'string') {
    if (target !== 'markdown') return value;
    return key.endsWith('_url') || key === 'url' ? escapeMarkdownUrl(value) : escapeMarkdown(value);
  }
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) {
    const list = value.map((item) => plainView(item, target, key));
    Object.setPrototypeOf(list, null);
    return list;
  }
  const out = Object.create(null) as Record<string, Plain>;
  if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) {
      if (typeof inner === 'string' || typeof inner === 'number' || (inner && typeof inner === 'object')) {
        out[name] = plainView(inner, target, name);
      }
    }
  }
  return out;
}

type Span = [string, string, number, number, (Span[] | string)?, number?];

function parse(template: string): Span[] {
  if (template.length > MAX_TEMPLATE_CHARS) throw new TemplateError(`is longer than ${MAX_TEMPLATE_CHARS} characters`);
  try {
    return new Mustache.Writer().parse(template) as Span[];
  } catch (error) {
    throw new TemplateError(`does not parse: ${(error as Error).message}`);
  }
}

/** Names used by the template's tags, with the section they sit in (for items of build.changelog_items). */
function walk(spans: Span[], visit: (type: string, name: string, inItems: boolean) => void, inItems = false): void {
  for (const span of spans) {
    const [type, name, , , children] = span;
    if (type === 'text' || type === '!' || type === '=') continue;
    visit(type, name, inItems);
    // A partial's fifth element is its indentation, not children.
    if (Array.isArray(children)) walk(children, visit, inItems || isList(name));
  }
}

const isList = (name: string) => name === 'build.changelog_items' || name === 'changelog_items';

/** Refused constructs: unescaped tags, partials, a list inside a list (its output would multiply). */
function refused(spans: Span[]): string[] {
  const problems: string[] = [];
  walk(spans, (type, name, inItems) => {
    if (type === '&') problems.push(`{{{${name}}}} and {{&${name}}} are not allowed: every value is escaped`);
    else if (type === '>') problems.push(`partials ({{>${name}}}) are not allowed`);
    else if ((type === '#' || type === '^') && isList(name) && inItems) problems.push('build.changelog_items cannot be repeated inside itself');
  });
  return problems;
}

/**
 * Problems with a template, as sentences: unparsable, too long, unescaped tags or partials (refused),
 * names outside the documented variables (they would render empty). Empty when it is fine.
 */
export function checkTemplate(template: string): string[] {
  let spans: Span[];
  try {
    spans = parse(template);
  } catch (error) {
    return [(error as Error).message];
  }
  const problems = new Set<string>();
  const known = new Set([...VARIABLE_NAMES, 'app', 'scheme', 'channel', 'build', '.']);
  const shortNames = new Set(VARIABLE_NAMES.map((name) => name.split('.').pop()!));
  for (const problem of refused(spans)) problems.add(problem);
  walk(spans, (type, name, inItems) => {
    if (type === '&' || type === '>' || isList(name)) return;
    if (!known.has(name) && !(inItems && ITEM_NAMES.includes(name)) && !shortNames.has(name)) {
      problems.add(`unknown variable "${name}"`);
    }
  });
  return [...problems];
}

const ESCAPERS: Record<EscapeTarget, (value: unknown) => string> = {
  json: (value) => (typeof value === 'number' ? String(value) : escapeJsonString(String(value))),
  markdown: (value) => String(value),
  text: (value) => String(value),
};

/**
 * Renders a template for a target. `json` templates must come out as a JSON object (parsed back to
 * check it); others are text. Throws TemplateError for refused tags, unparsable templates and
 * results that are too long or (for json) not a JSON object.
 */
export function renderTemplate(template: string, variables: TemplateVariables, target: EscapeTarget): string {
  const spans = parse(template);
  const [problem] = refused(spans);
  if (problem) throw new TemplateError(problem);
  const view = plainView(variables, target);
  const rendered = new Mustache.Writer().render(template, view, {}, { escape: ESCAPERS[target] });
  if (rendered.length > MAX_RENDERED_CHARS) throw new TemplateError(`renders to more than ${MAX_RENDERED_CHARS} characters`);
  if (target === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rendered);
    } catch {
      throw new TemplateError('does not render to valid JSON (put text variables inside quotes: "{{app.name}}")');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new TemplateError('must render to a JSON object');
  }
  return rendered;
}
