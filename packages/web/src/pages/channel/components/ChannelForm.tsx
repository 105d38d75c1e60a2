// A channel's settings form: name, device type, bundle id rule, git URL, download file names and
// slug. Only what changed is sent; the server's field rules are checked as you type, a 422 puts
// the server's messages on the fields until each field changes; Reset goes back to what the
// server has. Disabled, with the same values, for those who may not change it.
import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES } from '../../../api/apps.ts';
import type { DeviceType } from '../../../api/apps.ts';
import { DOWNLOAD_FILENAME_TYPES, publicChannelUrl, updateChannel } from '../../../api/channels.ts';
import type { ChannelChanges, ChannelDetail, DownloadFilenameType } from '../../../api/channels.ts';
import { FormError } from '../../../components/FormError.tsx';
import { useFieldRules } from '../../../hooks/useFieldRules.ts';
import type { FieldRules } from '../../../hooks/useFieldRules.ts';
import { useSubmit } from '../../../hooks/useSubmit.ts';
import { useChannelSaved } from './useChannelSaved.ts';
import { platformName } from '../../../platforms.ts';

interface Form {
  name: string;
  device_type: DeviceType;
  bundle_id: string;
  git_url: string;
  download_filename_type: DownloadFilenameType;
  slug: string;
}

const FIELDS = ['name', 'device_type', 'bundle_id', 'git_url', 'download_filename_type', 'slug'];

function formOf(channel: ChannelDetail): Form {
  return {
    name: channel.name,
    device_type: channel.device_type,
    bundle_id: channel.bundle_id,
    git_url: channel.git_url ?? '',
    download_filename_type: channel.download_filename_type,
    slug: channel.slug,
  };
}

/** What differs from the server's values, text trimmed; an empty git URL clears it. */
function changesOf(form: Form, original: Form): ChannelChanges {
  const changes: ChannelChanges = {};
  if (form.name.trim() !== original.name) changes.name = form.name.trim();
  if (form.device_type !== original.device_type) changes.device_type = form.device_type;
  if (form.bundle_id.trim() !== original.bundle_id) changes.bundle_id = form.bundle_id.trim();
  if (form.git_url.trim() !== original.git_url) changes.git_url = form.git_url.trim() === '' ? null : form.git_url.trim();
  if (form.download_filename_type !== original.download_filename_type) changes.download_filename_type = form.download_filename_type;
  if (form.slug.trim() !== original.slug) changes.slug = form.slug.trim();
  return changes;
}

interface FieldsProps {
  channel: ChannelDetail;
  form: Form;
  original: Form;
  setForm: (form: Form) => void;
  rules: FieldRules;
  disabled: boolean;
}

function ChannelFields({ channel, form, original, setForm, rules, disabled }: FieldsProps) {
  const { t } = useTranslation();
  const text = (name: 'name' | 'bundle_id' | 'git_url' | 'slug', maxLength: number) => ({
    value: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      rules.changed(name);
      setForm({ ...form, [name]: event.currentTarget.value });
    },
    error: rules.errorOf(name, form[name], form[name].trim() !== original[name]),
    disabled,
    maxLength,
  });
  const choice = <K extends 'device_type' | 'download_filename_type'>(name: K) => ({
    value: form[name],
    onChange: (value: string | null) => {
      if (!value) return;
      rules.changed(name);
      setForm({ ...form, [name]: value });
    },
    error: rules.errorOf(name, form[name], false),
    disabled,
    allowDeselect: false,
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput label={t('channel.fields.name')} required {...text('name', 255)} />
      <Select
        label={t('channel.fields.device_type')}
        data={DEVICE_TYPES.map((type) => ({ value: type, label: platformName(type) }))}
        {...choice('device_type')}
      />
      <TextInput label={t('channel.fields.bundle_id')} description={t('channel.settings.bundle_id_hint')} {...text('bundle_id', 255)} />
      <TextInput
        label={t('channel.fields.git_url')}
        description={t('channel.settings.git_url_hint')}
        placeholder="https://github.com/owner/repo"
        {...text('git_url', 1024)}
      />
      <Select
        label={t('channel.fields.download_filename_type')}
        description={t('channel.settings.filename_hint')}
        data={DOWNLOAD_FILENAME_TYPES.map((type) => ({ value: type, label: t(`channel.filename_types.${type}`) }))}
        {...choice('download_filename_type')}
      />
      <TextInput
        label={t('channel.fields.slug')}
        description={t('channel.settings.slug_hint', { url: publicChannelUrl(form.slug.trim() || channel.slug) })}
        {...text('slug', 64)}
      />
    </SimpleGrid>
  );
}

export function ChannelForm({ channel, editable }: { channel: ChannelDetail; editable: boolean }) {
  const { t } = useTranslation();
  const saved = useChannelSaved();
  const submit = useSubmit();
  const rules = useFieldRules('updateChannel', submit.error);
  const [form, setForm] = useState<Form>(() => formOf(channel));

  // Another tab or a save changed the channel: start from what the server has.
  useEffect(() => setForm(formOf(channel)), [channel]);

  const original = formOf(channel);
  const changes = changesOf(form, original);
  const dirty = Object.keys(changes).length > 0;
  function save(event: FormEvent) {
    event.preventDefault();
    if (!dirty) return;
    // A change that breaks a rule is not sent: the check's error shows under its field.
    const send = async () => {
      rules.check(Object.fromEntries(Object.entries(changes).filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
      return updateChannel(channel.id, changes);
    };
    void submit.run(send, { onDone: saved, success: () => t('channel.settings.saved') });
  }
  return (
    <Card withBorder padding="md">
      <form onSubmit={save}>
        <Stack gap="sm">
          <Title order={4}>{t('channel.settings.title')}</Title>
          <ChannelFields channel={channel} form={form} original={original} setForm={setForm} rules={rules} disabled={!editable} />
          <FormError error={submit.error} fields={FIELDS} />
          <Group justify="flex-end">
            <Button variant="default" disabled={!dirty || submit.busy} onClick={() => setForm(original)}>
              {t('channel.settings.reset')}
            </Button>
            <Button type="submit" loading={submit.busy} disabled={!editable || !dirty}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
