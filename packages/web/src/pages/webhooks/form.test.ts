// What the webhook editor sends: a new hook gets every field, but never a setting its service does
// not use (the server refuses a Slack secret or a DingTalk keyword on WeCom); an edit sends only
// what is meant to change: a blank URL or secret keeps the stored one, "Remove the secret" sends "".
import { describe, expect, it } from 'vitest';
import type { Webhook } from '../../api/webhooks.ts';
import { templated, toChanges, toInput } from './form.ts';
import type { WebhookFormValues } from './form.ts';

const values = (changes: Partial<WebhookFormValues> = {}): WebhookFormValues => ({
  name: ' Team ',
  provider: 'slack',
  url: ' https://hooks.slack.com/services/T0/B0/x ',
  secret: 'leaked?',
  clearSecret: false,
  keyword: 'build',
  format: 'news',
  template: '{"text": "{{title}}"}',
  events: ['changelog', 'upload'],
  enabled: true,
  channelIds: ['7', '9'],
  ...changes,
});

const stored = {
  id: 3, name: 'Team', provider: 'dingtalk', url_masked: 'https://oapi.dingtalk.com/••••abcd', has_secret: true, keyword: 'build',
  format: null, template: null, events: ['upload'], enabled: true, shared: true, channel_id: null, channels: [], editable: true,
  last_delivery: null, created_at: '2026-11-26T05:00:00.000Z', updated_at: '2026-11-26T05:00:00.000Z',
} satisfies Webhook;

describe('a new webhook', () => {
  it('sends Slack only what Slack takes, the events in their order, the name and URL trimmed', () => {
    expect(toInput(values())).toEqual({
      name: 'Team', provider: 'slack', url: 'https://hooks.slack.com/services/T0/B0/x', template: null, events: ['upload', 'changelog'], enabled: true,
    });
  });

  it("sends DingTalk its secret, keyword and template; WeCom its format, and a template only for markdown", () => {
    expect(toInput(values({ provider: 'dingtalk' }))).toMatchObject({ secret: 'leaked?', keyword: 'build', template: '{"text": "{{title}}"}' });
    expect(toInput(values({ provider: 'dingtalk', keyword: '  ' })).keyword).toBeNull();
    const wecom = toInput(values({ provider: 'wecom' }));
    expect(wecom).toMatchObject({ format: 'news', template: null });
    expect('secret' in wecom || 'keyword' in wecom).toBe(false);
    expect(toInput(values({ provider: 'wecom', format: 'markdown' })).template).toBe('{"text": "{{title}}"}');
    expect(templated('json', null)).toBe(true);
    expect(templated('teams', null)).toBe(false);
  });
});

describe('an edit', () => {
  it('keeps the stored URL and secret when their boxes are blank, and replaces the channels of a shared hook', () => {
    const changes = toChanges(values({ provider: 'dingtalk', url: '', secret: '' }), stored, true);
    expect(changes).toEqual({
      name: 'Team', keyword: 'build', template: '{"text": "{{title}}"}', events: ['upload', 'changelog'], enabled: true, channel_ids: [7, 9],
    });
  });

  it('clears the secret on "Remove the secret", sends a new URL and provider, and no channels for a channel hook', () => {
    const changes = toChanges(values({ provider: 'json', secret: '', clearSecret: true }), stored, false);
    expect(changes).toMatchObject({ provider: 'json', url: 'https://hooks.slack.com/services/T0/B0/x', secret: '' });
    expect('channel_ids' in changes).toBe(false);
    expect(toChanges(values({ provider: 'json', secret: 'new one', clearSecret: true }), stored, false).secret).toBe('new one');
    expect('secret' in toChanges(values({ provider: 'slack', secret: 'x' }), stored, false)).toBe(false);
  });
});
