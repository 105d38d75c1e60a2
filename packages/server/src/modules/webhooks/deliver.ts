// The `webhook.deliver` job: one attempt of one delivery. It takes the attempt (a job that runs twice
// posts once), posts the stored body (signatures and timestamps made now, for the services that
// sign), logs the attempt, and ends the delivery delivered or failed, or queues the next attempt
// itself: at max(Retry-After, backoff), keyed `webhook:<id>:<n+1>`, so the service's Retry-After is
// honoured on both engines and a success is never followed by another post.
import type { JobDeps } from '../../jobs/deps.ts';
import type { JobContext, JobPayload } from '../../jobs/types.ts';
import { cutBytes } from '../../webhooks/bodies.ts';
import { send } from '../../webhooks/outbound.ts';
import type { OutboundRequest, OutboundResult } from '../../webhooks/outbound.ts';
import { readAnswer } from '../../webhooks/providers.ts';
import type { Provider, Verdict } from '../../webhooks/providers.ts';
import { createSecretBox } from '../../webhooks/secrets.ts';
import { dingtalkSign, feishuSign, signBody, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../webhooks/signing.ts';
import { DELIVER_JOB, deliverOptions } from './delivery-queue.ts';
import { EXCERPT_MAX_BYTES, retryDelaySeconds } from './fns.ts';
import { createWebhooksRepository } from './repository.ts';

export interface AttemptTarget {
  provider: string;
  /** The hook's URL and secret, opened. */
  url: string;
  secret: string | null;
}

/** The request of one attempt: the stored body as it is, signed now where the service signs. */
export function attemptRequest(target: AttemptTarget, body: string, delivery: { id: string; event: string }, nowMs: number)
  : OutboundRequest {
  const seconds = Math.floor(nowMs / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'Tarmac-Webhook/1',
    'x-tarmac-event': delivery.event,
    'x-tarmac-delivery': delivery.id,
  };
  let url = target.url;
  let sent = body;
  if (target.secret && target.provider === 'feishu') {
    sent = JSON.stringify({ timestamp: String(seconds), sign: feishuSign(target.secret, seconds), ...(JSON.parse(body) as object) });
  } else if (target.secret && target.provider === 'dingtalk') {
    const signed = new URL(url);
    signed.searchParams.set('timestamp', String(nowMs));
    signed.searchParams.set('sign', dingtalkSign(target.secret, nowMs));
    url = signed.toString();
  } else if (target.secret && target.provider === 'json') {
    headers[TIMESTAMP_HEADER] = String(seconds);
    headers[SIGNATURE_HEADER] = signBody(target.secret, seconds, body);
  }
  return { url, method: 'POST', headers, body: sent };
}

/** Posts once and reads the answer; a hook whose URL or secret cannot be opened fails without a post. */
interface Stored {
  hook: { provider: string; url: string; secret: string | null };
  delivery: { id: string; event: string; body: string };
}

async function post(deps: JobDeps, { hook, delivery }: Stored) {
  let target: AttemptTarget;
  try {
    const box = createSecretBox(deps.config.secretKey);
    target = { provider: hook.provider, url: box.decrypt(hook.url), secret: hook.secret === null ? null : box.decrypt(hook.secret) };
  } catch (error) {
    const verdict: Verdict = { ok: false, retry: false, message: `the hook's URL or secret cannot be opened: ${(error as Error).message}` };
    return { verdict, result: undefined };
  }
  const { webhookAllowPrivate: allowPrivate, webhook } = deps.config;
  const request = attemptRequest(target, delivery.body, delivery, deps.clock.nowMs());
  const options = { allowPrivate, allowAddresses: webhook.allowAddresses, timeoutMs: webhook.timeoutSeconds * 1000 };
  const result: OutboundResult = await send(request, options);
  return { verdict: readAnswer(hook.provider as Provider, result), result };
}

export async function deliverWebhook(payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  const id = String(payload.delivery_id);
  const number = Number(payload.attempt ?? 1);
  const repo = createWebhooksRepository(deps.database.db);
  const delivery = await repo.findDelivery(id);
  if (!delivery || delivery.state !== 'pending') return;
  const hook = await repo.findById(delivery.webhook_id);
  if (!hook) return;
  if (!(await repo.claimAttempt(id, number))) return;
  const at = deps.clock.now();
  // A hook disabled since the event was queued posts nothing; tests and redeliveries are asked for by hand.
  const disabled = delivery.event_id !== null && !hook.enabled;
  const { verdict, result } = disabled
    ? { verdict: { ok: false, retry: false, message: 'the hook was disabled before this was sent' }, result: undefined }
    : await post(deps, { hook, delivery });
  const status = result?.kind === 'response' ? result.status : null;
  await repo.insertAttempt({
    delivery_id: id, number, at, duration_ms: result?.durationMs ?? 0, status, ok: verdict.ok,
    error: verdict.ok ? null : verdict.message.slice(0, 2000),
    response_excerpt: result?.kind === 'response' ? cutBytes(result.excerpt, EXCERPT_MAX_BYTES) : '',
  });
  const { maxAttempts, retryBaseSeconds } = deps.config.webhook;
  if (!verdict.ok && verdict.retry && number < maxAttempts) {
    const wait = retryDelaySeconds(number, retryBaseSeconds, verdict.retryAfterSeconds);
    const runAt = new Date(deps.clock.nowMs() + wait * 1000);
    await repo.updateDelivery(id, { last_status: status, next_attempt_at: runAt.toISOString() });
    await deps.queue.enqueue(DELIVER_JOB, { delivery_id: id, attempt: number + 1 }, deliverOptions(id, number + 1, runAt));
    return;
  }
  const state = verdict.ok ? 'delivered' : 'failed';
  await repo.updateDelivery(id, { state, last_status: status, finished_at: deps.clock.now(), next_attempt_at: null });
  if (!verdict.ok) deps.log.warn({ delivery: id, webhook: hook.id, attempt: number, error: verdict.message }, 'A webhook delivery failed');
}
