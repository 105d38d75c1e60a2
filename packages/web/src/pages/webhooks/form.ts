// The webhook editor's state and what each service takes: what the fields show, reset from the hook being edited (or the
// defaults) each time the dialog opens, and the body to send: every field for a new hook; for an
// edit, only what changed (a blank URL or secret keeps the stored one). A setting the provider
// does not use is never sent (the server refuses it).
import { useState } from 'react';
import { HOOK_EVENTS } from '../../api/webhooks.ts';
import type { HookEvent, Provider, Webhook, WebhookChanges, WebhookInput } from '../../api/webhooks.ts';

/** The providers that sign with a secret (the others take none). */
export const SIGNING: readonly Provider[] = ['feishu', 'dingtalk', 'json'];
/** The providers whose body a template replaces (WeCom only in its markdown format). */
export const TEMPLATED: readonly Provider[] = ['dingtalk', 'wecom', 'json'];

export function templated(provider: Provider, format: string | null): boolean {
  return TEMPLATED.includes(provider) && !(provider === 'wecom' && format === 'news');
}

export interface WebhookFormValues {
  name: string;
  provider: Provider;
  url: string;
  secret: string;
  clearSecret: boolean;
  keyword: string;
  format: 'markdown' | 'news';
  template: string;
  events: HookEvent[];
  enabled: boolean;
  channelIds: string[];
}

function initial(hook: Webhook | null): WebhookFormValues {
  return {
    name: hook?.name ?? '',
    provider: hook?.provider ?? 'slack',
    url: '',
    secret: '',
    clearSecret: false,
    keyword: hook?.keyword ?? '',
    format: hook?.format ?? 'markdown',
    template: hook?.template ?? '',
    events: hook?.events ?? ['upload'],
    enabled: hook?.enabled ?? true,
    channelIds: (hook?.channels ?? []).map((channel) => String(channel.id)),
  };
}

/** The provider-specific settings, each only for the provider that uses it. */
function providerFields(values: WebhookFormValues) {
  const { provider } = values;
  return {
    ...(provider === 'dingtalk' ? { keyword: values.keyword.trim() || null } : {}),
    ...(provider === 'wecom' ? { format: values.format } : {}),
    template: templated(provider, values.format) ? values.template || null : null,
  };
}

export function toInput(values: WebhookFormValues): WebhookInput {
  return {
    name: values.name.trim(),
    provider: values.provider,
    url: values.url.trim(),
    ...(SIGNING.includes(values.provider) && values.secret !== '' ? { secret: values.secret } : {}),
    ...providerFields(values),
    events: HOOK_EVENTS.filter((event) => values.events.includes(event)),
    enabled: values.enabled,
  };
}

export function toChanges(values: WebhookFormValues, hook: Webhook, shared: boolean): WebhookChanges {
  const signs = SIGNING.includes(values.provider);
  const secret = !signs ? undefined : values.secret !== '' ? values.secret : values.clearSecret ? '' : undefined;
  return {
    name: values.name.trim(),
    ...(values.provider !== hook.provider ? { provider: values.provider } : {}),
    ...(values.url.trim() !== '' ? { url: values.url.trim() } : {}),
    ...(secret !== undefined ? { secret } : {}),
    ...providerFields(values),
    events: HOOK_EVENTS.filter((event) => values.events.includes(event)),
    enabled: values.enabled,
    ...(shared ? { channel_ids: values.channelIds.map(Number) } : {}),
  };
}

export function useWebhookForm() {
  const [values, setValues] = useState<WebhookFormValues>(initial(null));
  const set = <K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  return { values, set, reset: (hook: Webhook | null) => setValues(initial(hook)) };
}
