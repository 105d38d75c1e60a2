// Create or edit a channel's basics: name, platform and the bundle id rule uploads must match.
// The rest of its settings (password, slug, key, git URL…) live on the channel's own screen.
import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appKeys, createChannel, DEVICE_TYPES } from '../../api/apps.ts';
import { updateChannel } from '../../api/channels.ts';
import type { Channel, DeviceType, Scheme } from '../../api/apps.ts';
import { fieldError } from '../../api/error-text.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { platformName } from '../../platforms.ts';

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
  const [name, setName] = useState('');
  const [deviceType, setDeviceType] = useState<DeviceType>('android');
  const [bundleId, setBundleId] = useState('*');
  const submit = useSubmit();
  const error = submit.error;

  useOnOpen(
    opened,
    () => {
      setName(channel?.name ?? '');
      setDeviceType(channel?.device_type ?? 'android');
      setBundleId(channel?.bundle_id ?? '*');
      submit.setError(undefined);
    },
    [channel],
  );

  function save(target: Scheme) {
    const fields = { name: name.trim() || platformName(deviceType), device_type: deviceType, bundle_id: bundleId };
    return channel ? updateChannel(channel.id, fields) : createChannel(target.id, fields);
  }
  const send = (target: Scheme) =>
    submit.handler(() => save(target), {
      invalidate: [appKeys.all],
      success: (saved) => t(channel ? 'apps.channel.saved' : 'apps.channel.created', { name: saved.name }),
      onDone: onClose,
    });

  const title = channel ? t('apps.channel.edit_title') : t('apps.channel.new_title', { scheme: scheme?.name ?? '' });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      onSubmit={(event) => (scheme ? send(scheme)(event) : event.preventDefault())}
      busy={submit.busy}
      error={error}
      submitLabel={channel ? t('common.save') : t('common.create')}
    >
      <Select
        label={t('apps.channel.device_type')}
        data={DEVICE_TYPES.map((type) => ({ value: type, label: platformName(type) }))}
        value={deviceType}
        onChange={(value) => value && setDeviceType(value)}
        allowDeselect={false}
        error={fieldError(error, 'device_type')}
      />
      <TextInput
        label={t('apps.channel.name')}
        placeholder={platformName(deviceType)}
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
    </FormModal>
  );
}
