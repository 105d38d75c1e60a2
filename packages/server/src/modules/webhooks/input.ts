// The checks on a hook as a client sends it, before anything is stored: every problem is a field
// error (422), nothing is written. The webhook library (URL guard, template check) loads here, on the
// first write, not at startup.
import type { Insertable } from 'kysely';
import { isIP } from 'node:net';
import type { WebhooksTable, WebhookRow } from '../../db/types.ts';
import { ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { SecretBox } from '../../webhooks/secrets.ts';
import { maskUrl } from '../../webhooks/secrets.ts';
import { eventsOf, HOOK_EVENTS, SIGNING_PROVIDERS, TEMPLATE_PROVIDERS } from './fns.ts';
import type { HookEvent } from './fns.ts';

/** What a create or an update sends (absent: unchanged on update). */
export interface HookFields {
  name?: string | undefined;
  provider?: string | undefined;
  url?: string | undefined;
  secret?: string | undefined;
  keyword?: string | null | undefined;
  format?: string | undefined;
  template?: string | null | undefined;
  events?: string[] | undefined;
  enabled?: boolean | undefined;
  channelIds?: number[] | undefined;
}

export interface UrlPolicy {
  allowPrivate: boolean;
  allowAddresses: readonly string[];
}

/** The columns to write (sealed URL and secret), from the fields over the current row (null: a new hook). */
export type HookValues = Pick<
  Insertable<WebhooksTable>,
  'name' | 'provider' | 'url' | 'url_masked' | 'secret' | 'keyword' | 'format' | 'template' | 'events' | 'enabled'
>;

function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Why a URL may not be saved (hookUrlProblem, but an address the admin allowed by TARMAC_WEBHOOK_ALLOW_ADDRESSES passes). */
async function urlProblem(raw: string, policy: UrlPolicy): Promise<string | null> {
  const { hookUrlProblem } = await import('../../webhooks/outbound.ts');
  const problem = hookUrlProblem(raw, policy.allowPrivate);
  if (problem === null) return null;
  let host: string;
  try {
    host = new URL(raw).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return problem;
  }
  return isIP(host) && policy.allowAddresses.includes(host) && hookUrlProblem(raw, true) === null ? null : problem;
}

/** The template's problems for this provider: unknown names, refused tags, a body that does not render. */
export async function templateProblems(template: string, provider: string, format: string | null): Promise<string[]> {
  if (!TEMPLATE_PROVIDERS.includes(provider)) return [`is used only by the ${TEMPLATE_PROVIDERS.join(', ')} providers; send null for ${provider}`];
  if (provider === 'wecom' && format === 'news') return ['is not used by WeCom news cards; send null, or use the markdown format'];
  const { checkTemplate, renderTemplate, TemplateError } = await import('../../webhooks/templates.ts');
  const problems = checkTemplate(template);
  if (problems.length > 0) return problems;
  const { sampleVariables } = await import('../../webhooks/sample.ts');
  try {
    renderTemplate(template, sampleVariables('upload'), provider === 'json' ? 'json' : 'markdown');
  } catch (error) {
    if (error instanceof TemplateError) return [error.message];
    throw error;
  }
  return [];
}

/**
 * The row's new columns. Settings a provider does not use are cleared (a secret for Slack, a
 * keyword outside DingTalk, a format outside WeCom); sending them for such a provider is a 422.
 */
export async function prepareHook(fields: HookFields, current: WebhookRow | null, box: SecretBox, policy: UrlPolicy): Promise<HookValues> {
  const errors: FieldErrors = {};
  const provider = (fields.provider ?? current?.provider)!;
  const name = fields.name === undefined ? (current?.name ?? '') : fields.name.trim();
  let url: { sealed: string; masked: string } | undefined;
  if (fields.url !== undefined) {
    const raw = fields.url.trim();
    const problem = await urlProblem(raw, policy);
    if (problem) add(errors, 'url', problem);
    else url = { sealed: box.encrypt(raw), masked: maskUrl(raw).slice(0, 255) };
  }
  const signs = SIGNING_PROVIDERS.includes(provider);
  if (fields.secret !== undefined && fields.secret !== '' && !signs) add(errors, 'secret', `is used only by ${SIGNING_PROVIDERS.join(', ')}`);
  const secret = !signs ? null : fields.secret === undefined ? (current?.secret ?? null) : fields.secret === '' ? null : box.encrypt(fields.secret);
  const keywordSent = fields.keyword === undefined ? undefined : (fields.keyword ?? '').trim();
  if (keywordSent && provider !== 'dingtalk') add(errors, 'keyword', 'is used only by dingtalk');
  const keyword = provider !== 'dingtalk' ? null : keywordSent === undefined ? (current?.keyword ?? null) : keywordSent || null;
  if (fields.format !== undefined && provider !== 'wecom') add(errors, 'format', 'is used only by wecom');
  const format = provider !== 'wecom' ? null : (fields.format ?? current?.format ?? 'markdown');
  const templateSent = fields.template === undefined ? undefined : fields.template || null;
  let template = templateSent === undefined ? (current?.template ?? null) : templateSent;
  // A template kept from another provider that does not take one goes.
  if (templateSent === undefined && template !== null && !TEMPLATE_PROVIDERS.includes(provider)) template = null;
  if (template !== null) for (const problem of await templateProblems(template, provider, format)) add(errors, 'template', problem);
  const sent = fields.events;
  const events: HookEvent[] = sent === undefined ? (current ? eventsOf(current) : []) : HOOK_EVENTS.filter((e) => sent.includes(e));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (!url && !current) throw new ValidationError({ url: ["can't be blank"] });
  return {
    name,
    provider,
    url: url?.sealed ?? current!.url,
    url_masked: url?.masked ?? current!.url_masked,
    secret,
    keyword,
    format,
    template,
    events: JSON.stringify(events),
    enabled: fields.enabled ?? (current ? Boolean(current.enabled) : true),
  };
}

/** The channel ids of a shared hook: each once, each an existing channel (422 on channel_ids otherwise). */
export function checkChannelIds(ids: number[], existing: number[]): number[] {
  const unique = [...new Set(ids)];
  const found = new Set(existing);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new ValidationError({ channel_ids: missing.slice(0, 10).map((id) => `names channel ${id}, which does not exist`) });
  }
  return unique;
}
