// The dialog that adds or edits a webhook, for a channel or (shared) for the channels an admin
// picks: the service (with what it needs: Feishu's and DingTalk's secret, DingTalk's keyword,
// WeCom's format), the URL (write-only: a stored one shows masked and a blank box keeps it), the
// secret (write-only too), the events, the template and its preview.
import { Checkbox, Group, PasswordInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../api/error-text.ts';
import { createChannelWebhook, createSharedWebhook, HOOK_EVENTS, PROVIDERS, updateWebhook, webhookKeys } from '../../api/webhooks.ts';
import type { Webhook } from '../../api/webhooks.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { BodyFields } from './BodyFields.tsx';
import { ChannelPicker } from './ChannelPicker.tsx';
import { ProviderIcon } from './providers.tsx';
import { SIGNING, templated, toChanges, toInput, useWebhookForm } from './form.ts';
import type { WebhookFormValues } from './form.ts';

export type EditorTarget = { kind: 'channel'; channelId: number } | { kind: 'shared' };

/** A hook's name as shown: its label, or its provider's name. */
export function useHookName(): (hook: Pick<Webhook, 'name' | 'provider'>) => string {
  const { t } = useTranslation();
  return (hook) => hook.name || t(`webhooks.providers.${hook.provider}`);
}

const FIELDS = ['name', 'provider', 'url', 'secret', 'keyword', 'format', 'template', 'events', 'channel_ids'];

type Set = <K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K]) => void;

/** The service's own settings: its secret, DingTalk's keyword, WeCom's format. */
function ProviderSettings({ values, set, hook, error }: { values: WebhookFormValues; set: Set; hook: Webhook | null; error: unknown }) {
  const { t } = useTranslation();
  const keepSecret = hook?.has_secret === true && hook.provider === values.provider;
  return (
    <>
      {SIGNING.includes(values.provider) && (
        <Stack gap={4}>
          <PasswordInput
            label={t('webhooks.form.secret')}
            description={keepSecret ? t('webhooks.form.secret_keep') : t('webhooks.form.secret_hint')}
            value={values.secret}
            onChange={(event) => set('secret', event.currentTarget.value)}
            error={fieldError(error, 'secret')}
            maxLength={256}
            autoComplete="off"
            disabled={values.clearSecret}
          />
          {keepSecret && (
            <Checkbox label={t('webhooks.form.secret_clear')} checked={values.clearSecret} onChange={(event) => set('clearSecret', event.currentTarget.checked)} />
          )}
        </Stack>
      )}
      {values.provider === 'dingtalk' && (
        <TextInput
          label={t('webhooks.form.keyword')}
          description={t('webhooks.form.keyword_hint')}
          value={values.keyword}
          onChange={(event) => set('keyword', event.currentTarget.value)}
          error={fieldError(error, 'keyword')}
          maxLength={64}
        />
      )}
      {values.provider === 'wecom' && (
        <Select
          label={t('webhooks.form.format')}
          data={(['markdown', 'news'] as const).map((value) => ({ value, label: t(`webhooks.form.formats.${value}`) }))}
          value={values.format}
          onChange={(value) => set('format', value === 'news' ? 'news' : 'markdown')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </>
  );
}

function EventsField({ values, set, error }: { values: WebhookFormValues; set: Set; error: unknown }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('webhooks.form.events')}
      description={t('webhooks.form.events_hint')}
      value={values.events}
      onChange={(value) => set('events', value)}
      error={fieldError(error, 'events')}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
        {HOOK_EVENTS.map((event) => (
          <Checkbox key={event} value={event} label={t(`webhooks.events.${event}`)} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The hook to edit; null adds one. */
  hook: Webhook | null;
  target: EditorTarget;
}

export function WebhookEditor({ opened, onClose, hook, target }: Props) {
  const { t } = useTranslation();
  const name = useHookName();
  const submit = useSubmit();
  const { values, set, reset } = useWebhookForm();
  useOnOpen(opened, () => {
    reset(hook);
    submit.setError(undefined);
  }, [hook]);
  const shared = target.kind === 'shared';

  const save = submit.handler(
    () => {
      if (hook) return updateWebhook(hook.id, toChanges(values, hook, shared));
      const input = toInput(values);
      if (shared) return createSharedWebhook({ ...input, channel_ids: values.channelIds.map(Number) });
      return createChannelWebhook(target.channelId, input);
    },
    { invalidate: [webhookKeys.all], success: (saved) => t(hook ? 'webhooks.saved' : 'webhooks.created', { name: name(saved) }), onDone: onClose },
  );
  const previewChannel = target.kind === 'channel' ? target.channelId : Number(values.channelIds[0] ?? 0) || undefined;
  const previewInput = () => {
    const input = toInput(values);
    return {
      provider: values.provider,
      ...(input.template ? { template: input.template } : {}),
      ...(input.format ? { format: input.format } : {}),
      ...(input.keyword ? { keyword: input.keyword } : {}),
      ...(previewChannel ? { channel_id: previewChannel } : {}),
    };
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={hook ? t('webhooks.edit_title', { name: name(hook) }) : t('webhooks.add_title')}
      onSubmit={save}
      busy={submit.busy}
      error={submit.error}
      errorFields={FIELDS}
      submitLabel={hook ? t('webhooks.form.save') : t('webhooks.form.create')}
      size="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('webhooks.form.provider')}
          data={PROVIDERS.map((value) => ({ value, label: t(`webhooks.providers.${value}`) }))}
          value={values.provider}
          onChange={(value) => value && set('provider', value)}
          leftSection={<ProviderIcon provider={values.provider} />}
          allowDeselect={false}
          error={fieldError(submit.error, 'provider')}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('webhooks.form.name')}
          description={t('webhooks.form.name_hint')}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={fieldError(submit.error, 'name')}
          maxLength={100}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t(`webhooks.provider_hints.${values.provider}`)}
      </Text>
      <TextInput
        label={t('webhooks.form.url')}
        description={hook ? t('webhooks.form.url_keep', { masked: hook.url_masked }) : undefined}
        placeholder="https://"
        value={values.url}
        onChange={(event) => set('url', event.currentTarget.value)}
        error={fieldError(submit.error, 'url')}
        required={!hook}
        maxLength={2048}
        type="url"
        autoComplete="off"
      />
      <ProviderSettings values={values} set={set} hook={hook} error={submit.error} />
      {shared && <ChannelPicker value={values.channelIds} onChange={(ids) => set('channelIds', ids)} error={fieldError(submit.error, 'channel_ids')} />}
      <EventsField values={values} set={set} error={submit.error} />
      <Group>
        <Switch label={t('webhooks.form.enabled')} checked={values.enabled} onChange={(event) => set('enabled', event.currentTarget.checked)} />
      </Group>
      <BodyFields
        templated={templated(values.provider, values.format)}
        template={values.template}
        onTemplate={(value) => set('template', value)}
        saveError={submit.error}
        previewInput={previewInput}
        disabled={false}
      />
    </FormModal>
  );
}
