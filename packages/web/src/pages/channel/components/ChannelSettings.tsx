// A channel's settings (the app's admins): name, device type, bundle id rule, git URL, download
// file names and slug; the password (set or remove); the key (copy, regenerate after a
// confirmation). Others see the same form disabled, with who may change it.
import { Alert, Button, Card, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconLock, IconLockOpen, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appKeys, DEVICE_TYPES } from '../../../api/apps.ts';
import type { DeviceType } from '../../../api/apps.ts';
import { fieldError } from '../../../api/client.ts';
import { channelKeys, DOWNLOAD_FILENAME_TYPES, publicChannelUrl, regenerateChannelKey, updateChannel } from '../../../api/channels.ts';
import type { ChannelChanges, ChannelDetail, DownloadFilenameType } from '../../../api/channels.ts';
import { releaseKeys } from '../../../api/releases.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { CopyAction } from '../../../components/CopyAction.tsx';

interface Form {
  name: string;
  device_type: DeviceType;
  bundle_id: string;
  git_url: string;
  download_filename_type: DownloadFilenameType;
  slug: string;
}

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

export function ChannelSettings({ channel, canManage, loadingPermissions }: { channel: ChannelDetail; canManage: boolean; loadingPermissions: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editable = canManage && !channel.app.archived;
  const [form, setForm] = useState<Form>(() => formOf(channel));
  const [error, setError] = useState<Error | null>(null);
  const [saving, setSaving] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [passwordBusy, setPasswordBusy] = useState(false);
  const [confirm, setConfirm] = useState<'remove-password' | 'regenerate' | null>(null);

  // Another tab or a save changed the channel: start from what the server has.
  useEffect(() => setForm(formOf(channel)), [channel]);

  const original = formOf(channel);
  const changes: ChannelChanges = {};
  if (form.name.trim() !== original.name) changes.name = form.name.trim();
  if (form.device_type !== original.device_type) changes.device_type = form.device_type;
  if (form.bundle_id.trim() !== original.bundle_id) changes.bundle_id = form.bundle_id.trim();
  if (form.git_url.trim() !== original.git_url) changes.git_url = form.git_url.trim() === '' ? null : form.git_url.trim();
  if (form.download_filename_type !== original.download_filename_type) changes.download_filename_type = form.download_filename_type;
  if (form.slug.trim() !== original.slug) changes.slug = form.slug.trim();
  const dirty = Object.keys(changes).length > 0;

  function saved(updated: ChannelDetail) {
    queryClient.setQueryData(channelKeys.detail(channel.id), updated);
    void queryClient.invalidateQueries({ queryKey: appKeys.all });
    // Links in the builds list carry the slug.
    void queryClient.invalidateQueries({ queryKey: releaseKeys.channel(channel.id) });
  }

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const updated = await updateChannel(channel.id, changes);
      saved(updated);
      notifySuccess(t('channel.settings.saved'));
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
    } finally {
      setSaving(false);
    }
  }

  async function setChannelPassword() {
    if (password === '') {
      setPasswordError(t('channel.settings.password_required'));
      return;
    }
    setPasswordBusy(true);
    setPasswordError(undefined);
    try {
      saved(await updateChannel(channel.id, { password }));
      setPassword('');
      notifySuccess(t('channel.settings.password_set'));
    } catch (caught) {
      setPasswordError(fieldError(caught, 'password') ?? (caught instanceof Error ? caught.message : String(caught)));
    } finally {
      setPasswordBusy(false);
    }
  }

  const topError = error && !['name', 'device_type', 'bundle_id', 'git_url', 'download_filename_type', 'slug'].some((field) => fieldError(error, field)) ? error.message : null;

  return (
    <Stack gap="md" maw={760}>
      {!loadingPermissions && !canManage && (
        <Alert icon={<IconInfoCircle />} color="blue">
          {t('channel.settings.admins_only')}
        </Alert>
      )}

      <Card withBorder padding="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (dirty) void save();
          }}
        >
          <Stack gap="sm">
            <Title order={4}>{t('channel.settings.title')}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('channel.fields.name')}
                value={form.name}
                onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
                error={fieldError(error, 'name')}
                disabled={!editable}
                required
                maxLength={255}
              />
              <Select
                label={t('channel.fields.device_type')}
                data={DEVICE_TYPES.map((type) => ({ value: type, label: t(`apps.device.${type}`) }))}
                value={form.device_type}
                onChange={(value) => value && setForm({ ...form, device_type: value })}
                error={fieldError(error, 'device_type')}
                disabled={!editable}
                allowDeselect={false}
              />
              <TextInput
                label={t('channel.fields.bundle_id')}
                description={t('channel.settings.bundle_id_hint')}
                value={form.bundle_id}
                onChange={(event) => setForm({ ...form, bundle_id: event.currentTarget.value })}
                error={fieldError(error, 'bundle_id')}
                disabled={!editable}
                maxLength={255}
              />
              <TextInput
                label={t('channel.fields.git_url')}
                description={t('channel.settings.git_url_hint')}
                placeholder="https://github.com/owner/repo"
                value={form.git_url}
                onChange={(event) => setForm({ ...form, git_url: event.currentTarget.value })}
                error={fieldError(error, 'git_url')}
                disabled={!editable}
                maxLength={1024}
              />
              <Select
                label={t('channel.fields.download_filename_type')}
                description={t('channel.settings.filename_hint')}
                data={DOWNLOAD_FILENAME_TYPES.map((type) => ({ value: type, label: t(`channel.filename_types.${type}`) }))}
                value={form.download_filename_type}
                onChange={(value) => value && setForm({ ...form, download_filename_type: value })}
                error={fieldError(error, 'download_filename_type')}
                disabled={!editable}
                allowDeselect={false}
              />
              <TextInput
                label={t('channel.fields.slug')}
                description={t('channel.settings.slug_hint', { url: publicChannelUrl(form.slug.trim() || channel.slug) })}
                value={form.slug}
                onChange={(event) => setForm({ ...form, slug: event.currentTarget.value })}
                error={fieldError(error, 'slug')}
                disabled={!editable}
                maxLength={64}
              />
            </SimpleGrid>
            {topError !== null && (
              <Alert color="red" role="alert">
                {topError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" disabled={!dirty || saving} onClick={() => setForm(original)}>
                {t('channel.settings.reset')}
              </Button>
              <Button type="submit" loading={saving} disabled={!editable || !dirty} data-testid="save-channel">
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group gap="xs">
            {channel.has_password ? <IconLock size={18} /> : <IconLockOpen size={18} />}
            <Title order={4}>{t('channel.settings.password_title')}</Title>
          </Group>
          <Text size="sm" c="dimmed" data-testid="password-status">
            {channel.has_password ? t('channel.settings.password_on') : t('channel.settings.password_off')}
          </Text>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void setChannelPassword();
            }}
          >
            <Group align="flex-start" gap="sm">
              <PasswordInput
                label={channel.has_password ? t('channel.settings.new_password') : t('channel.fields.password')}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={passwordError}
                disabled={!editable}
                autoComplete="new-password"
                maxLength={255}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button type="submit" mt={25} loading={passwordBusy} disabled={!editable || password === ''} data-testid="set-password">
                {channel.has_password ? t('channel.settings.change_password') : t('channel.settings.set_password')}
              </Button>
            </Group>
          </form>
          {channel.has_password && (
            <Group>
              <Button variant="light" color="red" disabled={!editable} onClick={() => setConfirm('remove-password')} leftSection={<IconLockOpen size={16} />}>
                {t('channel.settings.remove_password')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={4}>{t('channel.key.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('channel.key.description')}
          </Text>
          {channel.key !== undefined ? (
            <Group gap={4} wrap="nowrap">
              <PasswordInput readOnly value={channel.key} aria-label={t('channel.key.label')} style={{ flex: 1 }} styles={{ innerInput: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
              <CopyAction value={channel.key} label={t('channel.key.copy')} />
            </Group>
          ) : (
            <Text size="sm">{t('channel.key.hidden')}</Text>
          )}
          <Group>
            <Button variant="light" color="orange" leftSection={<IconRefresh size={16} />} disabled={!canManage} onClick={() => setConfirm('regenerate')} data-testid="regenerate-key">
              {t('channel.key.regenerate')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <ConfirmModal
        opened={confirm === 'remove-password'}
        onClose={() => setConfirm(null)}
        title={t('channel.settings.remove_password')}
        message={t('channel.settings.remove_password_confirm')}
        confirmLabel={t('channel.settings.remove_password')}
        onConfirm={async () => {
          saved(await updateChannel(channel.id, { password: '' }));
          notifySuccess(t('channel.settings.password_removed'));
        }}
      />
      <ConfirmModal
        opened={confirm === 'regenerate'}
        onClose={() => setConfirm(null)}
        title={t('channel.key.regenerate')}
        message={t('channel.key.regenerate_confirm')}
        confirmLabel={t('channel.key.regenerate')}
        color="orange"
        onConfirm={async () => {
          saved(await regenerateChannelKey(channel.id));
          notifySuccess(t('channel.key.regenerated'));
        }}
      />
    </Stack>
  );
}
