// Create or edit a channel's basics: name, platform and the bundle id rule uploads must match.
// The rest of its settings (password, slug, key, git URL…) live on the channel's own screen.
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appKeys, createChannel, DEVICE_TYPES } from '../../api/apps.ts';
import { updateChannel } from '../../api/channels.ts';
import type { Channel, DeviceType, Scheme } from '../../api/apps.ts';
import { fieldError } from '../../api/client.ts';
import { notifySuccess } from '../../components/notify.ts';
import { FormError } from '../../components/FormError.tsx';

export function ChannelModal({
  opened,
  onClose,
  scheme,
  channel,
}: {
  opened: boolean;
  onClose: () => void;
  scheme: Scheme | undefined;
  channel?: Channel | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [deviceType, setDeviceType] = useState<DeviceType>('android');
  const [bundleId, setBundleId] = useState('*');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setName(channel?.name ?? '');
    setDeviceType(channel?.device_type ?? 'android');
    setBundleId(channel?.bundle_id ?? '*');
    setError(undefined);
  }, [opened, channel]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!scheme) return;
    setBusy(true);
    setError(undefined);
    const fields = { name: name.trim() || t(`apps.device.${deviceType}`), device_type: deviceType, bundle_id: bundleId };
    try {
      const saved = channel ? await updateChannel(channel.id, fields) : await createChannel(scheme.id, fields);
      await queryClient.invalidateQueries({ queryKey: appKeys.all });
      notifySuccess(t(channel ? 'apps.channel.saved' : 'apps.channel.created', { name: saved.name }));
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const title = channel ? t('apps.channel.edit_title') : t('apps.channel.new_title', { scheme: scheme?.name ?? '' });
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Select
            label={t('apps.channel.device_type')}
            data={DEVICE_TYPES.map((type) => ({ value: type, label: t(`apps.device.${type}`) }))}
            value={deviceType}
            onChange={(value) => value && setDeviceType(value)}
            allowDeselect={false}
            error={fieldError(error, 'device_type')}
          />
          <TextInput
            label={t('apps.channel.name')}
            placeholder={t(`apps.device.${deviceType}`)}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError(error, 'name')}
            data-autofocus
            maxLength={255}
          />
          <TextInput
            label={t('apps.channel.bundle_id')}
            description={t('apps.channel.bundle_id_help')}
            value={bundleId}
            onChange={(event) => setBundleId(event.currentTarget.value)}
            error={fieldError(error, 'bundle_id')}
            maxLength={255}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <FormError error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {channel ? t('common.save') : t('common.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
