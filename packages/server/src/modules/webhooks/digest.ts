// The daily digest (`webhook.digest`, 09:00 UTC): each enabled hook with the `digest` event gets one
// message listing the builds uploaded to its channels in the 24 hours before the slot; nothing when
// there were none. One delivery per hook and slot (event id `digest:<slot>`), posted like any other.
import { createPublicUrls } from '../../http/urls.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import type { JobContext, JobPayload } from '../../jobs/types.ts';
import { cutBytes } from '../../webhooks/bodies.ts';
import { escapeMarkdown } from '../../webhooks/templates.ts';
import { eventsOf } from './fns.ts';
import { queueDelivery } from './listener.ts';
import { createWebhooksRepository } from './repository.ts';

export const DIGEST_SCHEDULE = '0 9 * * *';
/** Builds listed in one message at most (the rest are counted). */
export const DIGEST_MAX_ITEMS = 50;
const DAY_MS = 24 * 60 * 60_000;

export interface DigestItem {
  label: string;
  url: string;
}

/** One digest message in each service's shape: a title and a list of links. */
export function digestBody(provider: string, title: string, items: DigestItem[], more: number, keyword: string | null): string {
  const tail = more > 0 ? `… and ${more} more` : '';
  const markdown = [...items.map((i) => `- [${escapeMarkdown(i.label)}](${i.url.replace(/[()\s]/g, encodeURIComponent)})`), tail].filter(Boolean).join('\n');
  const plain = [...items.map((i) => `${i.label}: ${i.url}`), tail].filter(Boolean).join('\n');
  switch (provider) {
    case 'slack': {
      const lines = [...items.map((i) => `• <${i.url}|${i.label.replace(/[&<>|]/g, ' ')}>`), tail].filter(Boolean).join('\n');
      return JSON.stringify({
        text: title,
        blocks: [{ type: 'header', text: { type: 'plain_text', text: title } }, { type: 'section', text: { type: 'mrkdwn', text: cutBytes(lines, 2900) } }],
      });
    }
    case 'discord':
      return JSON.stringify({ embeds: [{ title, description: cutBytes(markdown, 4000), color: 0x2563eb }] });
    case 'feishu':
      return JSON.stringify({
        msg_type: 'interactive',
        card: { header: { title: { tag: 'plain_text', content: title }, template: 'blue' }, elements: [{ tag: 'div', text: { tag: 'plain_text', content: plain } }] },
      });
    case 'dingtalk': {
      const withKeyword = keyword && !title.includes(keyword) ? `${title} ${keyword}` : title;
      return JSON.stringify({ msgtype: 'markdown', markdown: { title: withKeyword, text: `### ${escapeMarkdown(withKeyword)}\n\n${markdown}` } });
    }
    case 'wecom':
      return JSON.stringify({ msgtype: 'markdown', markdown: { content: cutBytes(`### ${escapeMarkdown(title)}\n\n${markdown}`, 4096) } });
    case 'teams':
      return JSON.stringify({
        type: 'message',
        attachments: [{
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4',
            body: [{ type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true }, { type: 'TextBlock', text: markdown, wrap: true }],
          },
        }],
      });
    default:
      return JSON.stringify({ event: 'digest', title, builds: items.map((i) => ({ title: i.label, url: i.url })), more });
  }
}

export async function sendDigests(payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  const slot = typeof payload.slot === 'string' ? payload.slot : deps.clock.now();
  const to = new Date(slot);
  const from = new Date(to.getTime() - DAY_MS).toISOString();
  const repo = createWebhooksRepository(deps.database.db);
  const urls = createPublicUrls(deps.config.externalUrl);
  for (const hook of await repo.enabledHooks()) {
    if (!eventsOf(hook).includes('digest')) continue;
    const builds = await repo.buildsSince(hook.id, from, to.toISOString(), DIGEST_MAX_ITEMS + 1);
    if (builds.length === 0) continue;
    const total = builds.length > DIGEST_MAX_ITEMS ? await repo.countBuildsSince(hook.id, from, to.toISOString()) : builds.length;
    const items = builds.slice(0, DIGEST_MAX_ITEMS).map((b) => {
      const version = [b.release_version, b.build_version ? `(${b.build_version})` : ''].filter(Boolean).join(' ') || `#${b.version}`;
      return { label: `${b.app_name} ${version}: ${b.scheme_name} ${b.channel_name}`, url: urls.release(b.slug, b.id) };
    });
    const title = `${total} new build${total === 1 ? '' : 's'} in the last 24 hours`;
    const body = digestBody(hook.provider, title, items, total - items.length, hook.keyword);
    await queueDelivery(deps, repo, hook, { eventId: `digest:${to.toISOString()}`, event: 'digest', channelId: null, releaseId: null }, { title, body });
  }
}
