// Provider presets: build the request a service expects for an event (URL, headers, body) and read
// its answer. A delivery succeeds on a 2xx AND, for the services that answer 200 with an error code
// in the body, on that code being 0:
// - DingTalk `{"errcode": 0, "errmsg": "ok"}`; 130101 "send too fast" may pass on a retry, 310000
//   (keyword, signature or IP check failed) will not. https://open.dingtalk.com/document/robots/custom-robot-access
// - Feishu / Lark `{"code": 0, "msg": "success"}` (older answers: `{"StatusCode": 0}`); 11232 is its
//   rate limit, 19021 a bad signature, 19024 a missing keyword. https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot
// - WeCom `{"errcode": 0, "errmsg": "ok"}`; 45009 is its rate limit. https://developer.work.weixin.qq.com/document/path/91770
// Slack answers 200 "ok" (errors are 4xx with a text code), Discord 204, Teams 200 or 202 (Workflows).
// Network errors, 5xx and 429 (after Retry-After) are retried; other answers are final (outbound.ts).
import { dingtalkSign, feishuSign, signBody, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing.ts';
import { dingtalkBody, discordBody, feishuCard, slackBody, teamsBody, wecomBody } from './bodies.ts';
import { retryable, type OutboundRequest, type OutboundResult } from './outbound.ts';
import { renderTemplate, type TemplateVariables } from './templates.ts';

export const PROVIDERS = ['slack', 'discord', 'feishu', 'dingtalk', 'wecom', 'teams', 'json'] as const;
export type Provider = (typeof PROVIDERS)[number];

export interface HookSettings {
  provider: Provider;
  /** The service's webhook URL (DingTalk's carries access_token; the signature is added to it). */
  url: string;
  /** Signing secret, already decrypted (secrets.ts): Feishu, DingTalk and the generic JSON provider use it. */
  secret?: string | null;
  /** DingTalk's keyword security setting: added to the message when missing. */
  keyword?: string | null;
  /** DingTalk and WeCom markdown, or the generic JSON body (a JSON template); the preset when empty. */
  template?: string | null;
  /** WeCom: markdown (default) or a news card. */
  wecomFormat?: 'markdown' | 'news';
}

export interface BuildOptions {
  /** Now in milliseconds (for tests). */
  now?: number;
  /** A stable id of this delivery, sent as X-Tarmac-Delivery so receivers can drop a repeat. */
  deliveryId?: string;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Tarmac-Webhook/1' };

function genericBody(v: TemplateVariables, template: string | null | undefined): string {
  if (template) return renderTemplate(template, v, 'json');
  return JSON.stringify({ event: v.event, title: v.title, app: v.app, scheme: v.scheme, channel: v.channel, build: v.build });
}

/** The request to send for one event to one hook. Throws TemplateError when the hook's template cannot render. */
export function buildRequest(hook: HookSettings, v: TemplateVariables, options: BuildOptions = {}): OutboundRequest {
  const now = options.now ?? Date.now();
  const seconds = Math.floor(now / 1000);
  const headers: Record<string, string> = { ...JSON_HEADERS, 'x-tarmac-event': v.event };
  if (options.deliveryId) headers['x-tarmac-delivery'] = options.deliveryId;
  const post = (body: unknown, url = hook.url): OutboundRequest => ({ url, method: 'POST', headers, body: JSON.stringify(body) });
  switch (hook.provider) {
    case 'slack':
      return post(slackBody(v));
    case 'discord':
      return post(discordBody(v));
    case 'teams':
      return post(teamsBody(v));
    case 'wecom':
      return post(wecomBody(v, hook.template || null, hook.wecomFormat ?? 'markdown'));
    case 'feishu': {
      const card = feishuCard(v);
      return post(hook.secret ? { timestamp: String(seconds), sign: feishuSign(hook.secret, seconds), ...card } : card);
    }
    case 'dingtalk': {
      const url = new URL(hook.url);
      if (hook.secret) {
        url.searchParams.set('timestamp', String(now));
        url.searchParams.set('sign', dingtalkSign(hook.secret, now));
      }
      return post(dingtalkBody(v, hook.template || null, hook.keyword || null), url.toString());
    }
    case 'json': {
      const body = genericBody(v, hook.template);
      if (hook.secret) {
        headers[TIMESTAMP_HEADER] = String(seconds);
        headers[SIGNATURE_HEADER] = signBody(hook.secret, seconds, body);
      }
      return { url: hook.url, method: 'POST', headers, body };
    }
  }
}

export interface Verdict {
  ok: boolean;
  /** Whether another attempt may help (never after success). */
  retry: boolean;
  /** For the delivery log: "HTTP 200", "DingTalk errcode 310000: keywords not in content", "timeout: …". */
  message: string;
  retryAfterSeconds?: number;
}

interface BodyCode {
  code: number;
  message: string;
}

/** The service's own code in a 200 answer, for the services that put one there. */
function bodyCode(provider: Provider, excerpt: string): BodyCode | 'unreadable' | null {
  if (provider !== 'dingtalk' && provider !== 'feishu' && provider !== 'wecom') return null;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(excerpt) as Record<string, unknown>;
  } catch {
    return 'unreadable';
  }
  if (!parsed || typeof parsed !== 'object') return 'unreadable';
  const raw = provider === 'feishu' ? (parsed.code ?? parsed.StatusCode) : parsed.errcode;
  const message = provider === 'feishu' ? (parsed.msg ?? parsed.StatusMessage) : parsed.errmsg;
  if (typeof raw !== 'number') return 'unreadable';
  return { code: raw, message: typeof message === 'string' ? message : '' };
}

const NAMES: Record<Provider, string> = {
  slack: 'Slack',
  discord: 'Discord',
  feishu: 'Feishu',
  dingtalk: 'DingTalk',
  wecom: 'WeCom',
  teams: 'Teams',
  json: 'Receiver',
};

/** Provider codes that mean "too fast" or "busy": another attempt later may pass. */
const RETRY_CODES: Partial<Record<Provider, number[]>> = { dingtalk: [130101, -1], feishu: [11232], wecom: [45009, -1] };

const excerptOf = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** Reads an attempt's outcome: success, or a failure with its message and whether to retry. */
export function readAnswer(provider: Provider, result: OutboundResult): Verdict {
  if (result.kind === 'error') return { ok: false, retry: retryable(result), message: `${result.error}: ${result.message}` };
  const after = result.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: result.retryAfterSeconds };
  if (result.status < 200 || result.status > 299) {
    const text = excerptOf(result.excerpt.trim());
    return { ok: false, retry: retryable(result), message: `HTTP ${result.status}${text ? `: ${text}` : ''}`, ...after };
  }
  const code = bodyCode(provider, result.excerpt);
  if (code === 'unreadable') {
    return { ok: false, retry: false, message: `HTTP ${result.status}, but not ${NAMES[provider]}'s answer: ${excerptOf(result.excerpt)}` };
  }
  if (code && code.code !== 0) {
    const retry = RETRY_CODES[provider]?.includes(code.code) ?? false;
    const field = provider === 'feishu' ? 'code' : 'errcode';
    return { ok: false, retry, message: `${NAMES[provider]} ${field} ${code.code}${code.message ? `: ${code.message}` : ''}` };
  }
  return { ok: true, retry: false, message: `HTTP ${result.status}` };
}
