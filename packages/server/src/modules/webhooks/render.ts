// What a hook posts for a build: the template variables from a release where it sits (or the sample
// build), and the body each provider preset makes of them. Heavy (Mustache, the presets): imported
// only by the jobs and by the requests that render (preview, test).
import type { DatabaseHandle } from '../../db/index.ts';
import type { ReleaseRow } from '../../db/types.ts';
import { createPublicUrls } from '../../http/urls.ts';
import { toRelease } from '../releases/mapper.ts';
import { createReleasesRepository } from '../releases/repository.ts';
import { toReleaseContext } from '../releases/service.ts';
import type { ReleaseContext } from '../releases/types.ts';
import { cutBytes } from '../../webhooks/bodies.ts';
import { buildRequest } from '../../webhooks/providers.ts';
import type { Provider } from '../../webhooks/providers.ts';
import { sampleVariables } from '../../webhooks/sample.ts';
import { buildVariables, TemplateError } from '../../webhooks/templates.ts';
import type { TemplateVariables, WebhookEvent } from '../../webhooks/templates.ts';
import { BODY_MAX_BYTES } from './fns.ts';

export interface BodySettings {
  provider: string;
  template: string | null;
  format: string | null;
  keyword: string | null;
}

export interface Rendered {
  title: string;
  body: string;
}

/** The body a hook posts for these variables, unsigned (signatures are added per attempt). Throws TemplateError. */
export function renderBody(settings: BodySettings, variables: TemplateVariables): Rendered {
  const request = buildRequest(
    {
      provider: settings.provider as Provider,
      url: 'https://hook.invalid/',
      secret: null,
      keyword: settings.keyword,
      template: settings.template,
      wecomFormat: settings.format === 'news' ? 'news' : 'markdown',
    },
    variables,
  );
  const body = request.body ?? '';
  if (Buffer.byteLength(body) > BODY_MAX_BYTES) throw new TemplateError(`renders to more than ${BODY_MAX_BYTES / 1024} KiB`);
  return { title: cutBytes(variables.title, 500), body };
}

/** Where a channel sits, as the variables need it; undefined when the channel is gone. */
export async function placementOf(database: DatabaseHandle, channelId: number): Promise<ReleaseContext | undefined> {
  const row = await createReleasesRepository(database.db, database.engine).findChannelPlacement({ id: channelId });
  return row ? toReleaseContext(row) : undefined;
}

export interface VariablesInput {
  event: WebhookEvent;
  /** The release row (a deleted build's comes with its event), or its id. */
  release: ReleaseRow | number;
  context: ReleaseContext;
  baseUrl: string;
}

/** The variables for a release where it sits, with its uploader's name; undefined when the release is gone. */
export async function releaseVariables(database: DatabaseHandle, input: VariablesInput): Promise<TemplateVariables | undefined> {
  const row = typeof input.release === 'number'
    ? await createReleasesRepository(database.db, database.engine).findById(input.release)
    : input.release;
  if (!row) return undefined;
  const uploader = row.uploader_id === null
    ? null
    : ((await database.db.selectFrom('users').select('username').where('id', '=', row.uploader_id).executeTakeFirst())?.username ?? null);
  const urls = createPublicUrls(input.baseUrl);
  return buildVariables({ event: input.event, release: toRelease(row), context: input.context, urls, uploader });
}

/**
 * The variables for a channel's newest build, or the sample build when it has none (or no channel
 * is given): what previews and test messages show.
 */
export async function newestOrSample(
  database: DatabaseHandle,
  channelId: number | null,
  event: WebhookEvent,
  baseUrl: string,
): Promise<{ variables: TemplateVariables; releaseId: number | null; channelId: number | null }> {
  if (channelId !== null) {
    const context = await placementOf(database, channelId);
    const newest = await database.db
      .selectFrom('releases')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (context && newest) {
      const variables = await releaseVariables(database, { event, release: newest, context, baseUrl });
      if (variables) return { variables, releaseId: newest.id, channelId };
    }
  }
  return { variables: sampleVariables(event, baseUrl), releaseId: null, channelId };
}
