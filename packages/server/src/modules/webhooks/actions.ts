// What a hook's screen does besides editing it: preview a body, send a test, read the delivery log,
// redeliver. Rendering loads the webhook library on first use (render.ts), not at startup.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import type { WebhookDeliveryRow } from '../../db/types.ts';
import { NotFoundError, RECORD_NOT_FOUND, ValidationError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/types.ts';
import type { Page } from '../../shared/page.ts';
import type { HookAccessor } from './access.ts';
import { DELIVER_JOB, deliverOptions } from './delivery-queue.ts';
import { TEMPLATE_PROVIDERS } from './fns.ts';
import { templateProblems } from './input.ts';
import { toDeliveryResponse } from './present.ts';
import type { WebhooksRepository } from './repository.ts';
import type { DeliveryResponse, PreviewBody, PreviewResponse } from './schemas.ts';

export interface ActionsDeps {
  access: HookAccessor;
  webhooksRepository: WebhooksRepository;
  database: DatabaseHandle;
  jobs: Pick<JobQueue, 'enqueue'>;
  clock: Clock;
}

/** A template problem as the API answers it: 422 on `template`. */
async function renderChecked<T>(run: () => T | Promise<T>): Promise<T> {
  const { TemplateError } = await import('../../webhooks/templates.ts');
  try {
    return await run();
  } catch (error) {
    if (error instanceof TemplateError) throw new ValidationError({ template: [error.message] });
    throw error;
  }
}

/** A digest of the sample build, as the daily message would show it. */
async function digestPreview(provider: string, keyword: string | null, baseUrl: string) {
  const { digestBody } = await import('./digest.ts');
  const { sampleVariables } = await import('../../webhooks/sample.ts');
  const v = sampleVariables('upload', baseUrl);
  const item = { label: `${v.app.name} ${v.build.version} (${v.build.build_version}): ${v.scheme.name} ${v.channel.name}`, url: v.build.release_url };
  return { body: digestBody(provider, '1 new build in the last 24 hours', [item], 0, keyword), source: 'sample' as const, release_id: null };
}

export function createWebhookActions({ access, webhooksRepository: repo, database, jobs, clock }: ActionsDeps) {
  /** Stores a pending delivery and queues its first attempt. */
  async function queue(values: Omit<WebhookDeliveryRow, 'id' | 'state' | 'attempts' | 'last_status' | 'next_attempt_at' | 'created_at' | 'finished_at'>) {
    const row = await repo.insertDelivery({ ...values, id: randomUUID(), state: 'pending', created_at: clock.now() });
    if (!row) throw new Error('the delivery was not stored');
    await jobs.enqueue(DELIVER_JOB, { delivery_id: row.id, attempt: 1 }, deliverOptions(row.id, 1));
    return toDeliveryResponse(row, []);
  }

  return {
    async preview(actor: Actor, input: PreviewBody, baseUrl: string): Promise<PreviewResponse> {
      if (input.channel_id !== undefined) await access.channel(actor, input.channel_id, 'webhook:manage');
      const template = input.template || null;
      const format = input.provider === 'wecom' ? (input.format ?? 'markdown') : null;
      if (template !== null) {
        const problems = TEMPLATE_PROVIDERS.includes(input.provider) ? await templateProblems(template, input.provider, format) : [];
        if (problems.length > 0) throw new ValidationError({ template: problems });
      }
      const keyword = input.provider === 'dingtalk' ? (input.keyword ?? null) : null;
      if (input.event === 'digest') return { method: 'POST', content_type: 'application/json', ...(await digestPreview(input.provider, keyword, baseUrl)) };
      const { newestOrSample, renderBody } = await import('./render.ts');
      const found = await newestOrSample(database, input.channel_id ?? null, input.event ?? 'upload', baseUrl);
      const { body } = await renderChecked(() => renderBody({ provider: input.provider, template, format, keyword }, found.variables));
      return {
        method: 'POST',
        content_type: 'application/json',
        body,
        source: found.releaseId === null ? 'sample' : 'release',
        release_id: found.releaseId,
      };
    },

    async test(actor: Actor, id: number, baseUrl: string): Promise<DeliveryResponse> {
      const { row } = await access.hook(actor, id, 'manage');
      const [first] = await repo.channelsOf([row.id]);
      const { newestOrSample, renderBody } = await import('./render.ts');
      const found = await newestOrSample(database, first?.id ?? null, 'test', baseUrl);
      const { title, body } = await renderChecked(() => renderBody(row, found.variables));
      return queue({ webhook_id: row.id, event_id: null, event: 'test', channel_id: found.channelId, release_id: found.releaseId, title, body });
    },

    async redeliver(actor: Actor, id: number, deliveryId: string): Promise<DeliveryResponse> {
      const { row } = await access.hook(actor, id, 'manage');
      const old = await repo.findDelivery(deliveryId);
      if (!old || old.webhook_id !== row.id) throw new NotFoundError(RECORD_NOT_FOUND, 'webhook.delivery_not_found');
      const { event, channel_id, release_id, title, body } = old;
      return queue({ webhook_id: row.id, event_id: null, event, channel_id, release_id, title, body });
    },

    async deliveries(actor: Actor, id: number, page: number, perPage: number): Promise<Page<DeliveryResponse>> {
      const { row } = await access.hook(actor, id, 'log');
      const [rows, total] = await Promise.all([repo.listDeliveries(row.id, perPage, (page - 1) * perPage), repo.countDeliveries(row.id)]);
      const attempts = await repo.attemptsOf(rows.map((d) => d.id));
      const items = rows.map((d) => toDeliveryResponse(d, attempts.filter((a) => a.delivery_id === d.id)));
      return { items, total, page, perPage };
    },
  };
}

export type WebhookActions = ReturnType<typeof createWebhookActions>;
