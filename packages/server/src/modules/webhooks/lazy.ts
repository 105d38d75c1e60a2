// The webhooks' service and actions, made on the first request that needs them: the idle server
// loads only the route schemas (its memory budget is tight); the rules, SQL and secret box load
// with the first webhook request.
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import type { JobQueue } from '../../jobs/types.ts';
import type { ChannelsRepository } from '../channels/repository.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import type { WebhookActions } from './actions.ts';
import type { WebhooksService } from './service.ts';

export interface WebhooksParts {
  service: WebhooksService;
  actions: WebhookActions;
}

export interface LazyWebhooksDeps {
  config: Pick<Config, 'secretKey' | 'webhookAllowPrivate' | 'webhook'>;
  database: DatabaseHandle;
  channelsRepository: Pick<ChannelsRepository, 'findWithContext'>;
  collaboratorsRepository: Pick<CollaboratorsRepository, 'findMembership'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  clock: Clock;
}

export type LoadWebhooks = () => Promise<WebhooksParts>;

export function lazyWebhooks(deps: LazyWebhooksDeps): LoadWebhooks {
  const { config, database, channelsRepository, collaboratorsRepository, jobs, clock } = deps;
  let made: Promise<WebhooksParts> | undefined;
  async function make(): Promise<WebhooksParts> {
    const [{ createWebhooksRepository }, { createWebhooksService }, { createWebhookActions }, { createSecretBox }] = await Promise.all([
      import('./repository.ts'), import('./service.ts'), import('./actions.ts'), import('../../webhooks/secrets.ts'),
    ]);
    const webhooksRepository = createWebhooksRepository(database.db);
    const service = createWebhooksService({
      webhooksRepository, channelsRepository, collaboratorsRepository, box: createSecretBox(config.secretKey), clock,
      urlPolicy: { allowPrivate: config.webhookAllowPrivate, allowAddresses: config.webhook.allowAddresses },
    });
    const actions = createWebhookActions({ access: service.access, webhooksRepository, database, jobs, clock });
    return { service, actions };
  }
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
