// The webhooks' listener: for an event, one delivery per enabled hook attached to the event's channel
// (a debug file: to any channel of its app) whose events include it; uploads only when the scheme
// announces new builds (new_build_callout). The body is rendered here, once, and stored; the delivery
// is unique per hook and event, so hearing an event twice queues nothing new.
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../db/index.ts';
import type { ReleaseRow, WebhookRow } from '../../db/types.ts';
import type { TarmacEvent } from '../../events/types.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import type { TemplateVariables } from '../../webhooks/templates.ts';
import { DELIVER_JOB, deliverOptions } from './delivery-queue.ts';
import { eventsOf } from './fns.ts';
import { createWebhooksRepository } from './repository.ts';
import type { WebhooksRepository } from './repository.ts';

type Hook = WebhookRow & { via_channel_id: number };

/** The hooks that hear this event, each with the channel it is told about. */
async function hooksFor(event: TarmacEvent, repo: WebhooksRepository): Promise<Hook[]> {
  const wants = (hook: WebhookRow) => eventsOf(hook).includes(event.kind);
  if (event.kind !== 'debug_file') return (await repo.enabledHooksFor([event.channelId])).filter(wants);
  // A debug file: the hooks of the channel it came with first, then those of the app's other channels.
  const own = event.channelId === null ? [] : await repo.enabledHooksFor([event.channelId]);
  const rest = await repo.enabledHooksFor(await repo.channelsOfApp(event.appId));
  const seen = new Set(own.map((hook) => hook.id));
  return [...own, ...rest.filter((hook) => !seen.has(hook.id))].filter(wants);
}

/** The variables for the event's build on one channel (a debug file without a build: the channel's newest). */
async function variablesFor(event: TarmacEvent, channelId: number, database: DatabaseHandle, repo: WebhooksRepository) {
  // The renderer (Mustache, the presets) loads once some hook hears an event, not with the listener.
  const { placementOf, releaseVariables } = await import('./render.ts');
  const context = await placementOf(database, channelId);
  if (!context) return undefined;
  let release: ReleaseRow | number | undefined;
  if (event.kind === 'release_deleted') release = event.release as unknown as ReleaseRow;
  else if (event.kind === 'debug_file') release = event.releaseId ?? (await repo.newestRelease(channelId));
  else release = event.releaseId;
  if (release === undefined) return undefined;
  const variables = await releaseVariables(database, { event: event.kind, release, context, baseUrl: event.baseUrl });
  return variables ? { variables, context, releaseId: typeof release === 'number' ? release : release.id } : undefined;
}

export async function webhooksListener(event: TarmacEvent, deps: JobDeps): Promise<void> {
  const repo = createWebhooksRepository(deps.database.db);
  const hooks = await hooksFor(event, repo);
  if (hooks.length === 0) return;
  const byChannel = new Map<number, Awaited<ReturnType<typeof variablesFor>>>();
  // A debug file is told about where it came from: its channel key's channel, or its build's; else the hook's channel.
  const origin = event.kind !== 'debug_file' ? event.channelId : (event.channelId ?? (await repo.channelOfRelease(event.releaseId)));
  for (const hook of hooks) {
    const channelId = origin ?? hook.via_channel_id;
    if (!byChannel.has(channelId)) byChannel.set(channelId, await variablesFor(event, channelId, deps.database, repo));
    const found = byChannel.get(channelId);
    if (!found) {
      deps.log.warn({ event: { kind: event.kind, id: event.id }, webhook: hook.id }, 'A webhook has no build to tell about');
      continue;
    }
    // The scheme's "announce new builds" setting: an upload to a quiet scheme posts nothing.
    if (event.kind === 'upload' && !found.context.scheme.newBuildCallout) return;
    await queueDelivery(deps, repo, hook, { eventId: event.id, event: event.kind, channelId, releaseId: found.releaseId }, found.variables);
  }
}

export interface DeliveryInput {
  eventId: string;
  event: string;
  channelId: number | null;
  releaseId: number | null;
}

/**
 * Stores the hook's delivery of an event and queues its first attempt. When the hook has one for the
 * event already (a dispatch that runs again), it is queued again only if no attempt was made yet.
 */
export async function queueDelivery(
  deps: JobDeps,
  repo: WebhooksRepository,
  hook: WebhookRow,
  input: DeliveryInput,
  variables: TemplateVariables | Rendered,
): Promise<void> {
  let rendered: Rendered;
  let problem: string | null = null;
  const { renderBody } = await import('./render.ts');
  const { TemplateError } = await import('../../webhooks/templates.ts');
  try {
    rendered = 'body' in variables ? variables : renderBody(hook, variables);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    rendered = { title: 'title' in variables ? variables.title : '', body: '' };
    problem = `the template cannot render: ${error.message}`;
  }
  const now = deps.clock.now();
  const row = await repo.insertDelivery({
    id: randomUUID(), webhook_id: hook.id, event_id: input.eventId, event: input.event,
    channel_id: input.channelId, release_id: input.releaseId,
    title: rendered.title, body: rendered.body, state: problem ? 'failed' : 'pending', created_at: now,
    ...(problem ? { finished_at: now } : {}),
  });
  if (row && problem) {
    const attempt = { delivery_id: row.id, number: 1, at: now, duration_ms: 0, status: null, ok: false, error: problem, response_excerpt: '' };
    await repo.insertAttempt(attempt);
    return;
  }
  const delivery = row ?? (await repo.findEventDelivery(hook.id, input.eventId));
  if (delivery && delivery.state === 'pending' && delivery.attempts === 0) {
    await deps.queue.enqueue(DELIVER_JOB, { delivery_id: delivery.id, attempt: 1 }, deliverOptions(delivery.id, 1));
  }
}

interface Rendered {
  title: string;
  body: string;
}
