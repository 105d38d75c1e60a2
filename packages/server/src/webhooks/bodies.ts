// What each chat service is sent for a build, from the template variables. Values go into plain-text
// fields where the service has them (no escaping to get wrong); where a field is markdown, values
// are escaped for it (templates.ts). Formats, as documented:
// - Slack incoming webhooks, Block Kit: https://api.slack.com/messaging/webhooks, https://api.slack.com/block-kit
// - Discord "Execute Webhook", embeds: https://discord.com/developers/docs/resources/webhook#execute-webhook
// - Feishu / Lark custom bot, msg_type interactive (card): https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot
// - DingTalk custom robot, msgtype markdown: https://open.dingtalk.com/document/robots/custom-robot-access
// - WeCom group robot, msgtype markdown / news: https://developer.work.weixin.qq.com/document/path/91770
// - Microsoft Teams incoming webhook / Workflows, an Adaptive Card in a message:
//   https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook
import { renderTemplate, type TemplateVariables } from './templates.ts';

const cut = (text: string, max: number) => ([...text].length > max ? [...text].slice(0, max - 1).join('') + '…' : text);
/** At most `max` UTF-8 bytes, cut on a character boundary, with an ellipsis when cut. */
export function cutBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  const chars = [...text];
  let bytes = 3;
  let end = 0;
  while (end < chars.length && bytes + Buffer.byteLength(chars[end]!) <= max) bytes += Buffer.byteLength(chars[end++]!);
  return chars.slice(0, end).join('') + '…';
}
const orDash = (text: string) => (text === '' ? '—' : text);
/** Slack's mrkdwn needs only &, < and > escaped. */
const slackText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function facts(v: TemplateVariables): [string, string][] {
  const version = [v.build.version, v.build.build_version ? `(${v.build.build_version})` : ''].filter(Boolean).join(' ');
  return [
    ['Platform', v.build.platform],
    ['Version', orDash(version)],
    ['Build', `#${v.build.number}`],
    ['Size', v.build.size_text],
    ['Uploaded by', orDash(v.build.uploader)],
    ['Uploaded at', v.build.uploaded_at],
  ];
}

export function slackBody(v: TemplateVariables): unknown {
  const fields = facts(v).map(([name, value]) => ({ type: 'mrkdwn', text: `*${name}*\n${slackText(value)}` }));
  return {
    text: v.title,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(v.title, 150) } },
      { type: 'section', fields },
      ...(v.build.changelog ? [{ type: 'section', text: { type: 'mrkdwn', text: cut(slackText(v.build.changelog), 3000) } }] : []),
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'Install' }, url: v.build.release_url, style: 'primary' }],
      },
    ],
  };
}

export function discordBody(v: TemplateVariables): unknown {
  return {
    embeds: [
      {
        title: cut(v.title, 256),
        url: v.build.release_url,
        description: cut(v.build.changelog, 4096) || undefined,
        color: 0x2563eb,
        fields: facts(v).map(([name, value]) => ({ name, value: cut(value, 1024), inline: true })),
        timestamp: v.build.uploaded_at,
      },
    ],
  };
}

export function feishuCard(v: TemplateVariables): Record<string, unknown> {
  const fields = facts(v).map(([name, value]) => ({ is_short: true, text: { tag: 'plain_text', content: `${name}: ${value}` } }));
  return {
    msg_type: 'interactive',
    card: {
      header: { title: { tag: 'plain_text', content: v.title }, template: 'blue' },
      elements: [
        { tag: 'div', fields },
        ...(v.build.changelog ? [{ tag: 'div', text: { tag: 'plain_text', content: v.build.changelog } }] : []),
        { tag: 'action', actions: [{ tag: 'button', text: { tag: 'plain_text', content: 'Install' }, url: v.build.release_url, type: 'primary' }] },
      ],
    },
  };
}

/** The default markdown for DingTalk and WeCom; a hook may replace it with its own template. */
export const DEFAULT_MARKDOWN = [
  '### {{title}}',
  '',
  '- Platform: {{build.platform}}',
  '- Version: {{build.version}}{{#build.build_version}} ({{build.build_version}}){{/build.build_version}}, build #{{build.number}}',
  '- Size: {{build.size_text}}',
  '{{#build.uploader}}- Uploaded by: {{build.uploader}}{{/build.uploader}}',
  '',
  '{{#build.changelog}}{{build.changelog}}{{/build.changelog}}',
  '',
  '[Install]({{build.release_url}})',
  '',
  '![QR code]({{build.qrcode_url}})',
].join('\n');

export function dingtalkBody(v: TemplateVariables, template: string | null, keyword: string | null): unknown {
  let text = renderTemplate(template ?? DEFAULT_MARKDOWN, v, 'markdown');
  let title = v.title;
  // A robot with a keyword security setting drops messages without it (errcode 310000).
  if (keyword && !text.includes(keyword)) text = `${text}\n\n${keyword}`;
  if (keyword && !title.includes(keyword)) title = `${title} ${keyword}`;
  return { msgtype: 'markdown', markdown: { title, text } };
}

export function wecomBody(v: TemplateVariables, template: string | null, format: 'markdown' | 'news'): unknown {
  if (format === 'news') {
    const description = cut([facts(v).slice(0, 3).map(([name, value]) => `${name}: ${value}`).join(', '), v.build.changelog].join('\n'), 512);
    return { msgtype: 'news', news: { articles: [{ title: cut(v.title, 128), description, url: v.build.release_url, picurl: v.build.qrcode_url }] } };
  }
  // WeCom caps markdown content at 4096 bytes.
  const content = renderTemplate(template ?? DEFAULT_MARKDOWN, v, 'markdown');
  return { msgtype: 'markdown', markdown: { content: cutBytes(content, 4096) } };
}

export function teamsBody(v: TemplateVariables): unknown {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: v.title, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'FactSet', facts: facts(v).map(([title, value]) => ({ title, value })) },
            ...(v.build.changelog ? [{ type: 'TextBlock', text: v.build.changelog, wrap: true }] : []),
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Install', url: v.build.release_url }],
        },
      },
    ],
  };
}
