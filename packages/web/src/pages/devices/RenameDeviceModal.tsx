// Renames a registered device (the shared form dialog); an empty name clears it. The server's
// sentence shows in the dialog, a name's own error under the field.
import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../api/error-text.ts';
import { DEVICE_NAME_MAX, renameDevice } from '../../api/devices.ts';
import type { Device } from '../../api/devices.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';

interface Props {
  device: Device | null;
  onClose: () => void;
  onSaved: (device: Device) => void;
}

export function RenameDeviceModal({ device, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [name, setName] = useState('');
  useOnOpen(
    device !== null,
    () => {
      setName(device?.name ?? '');
      submit.setError(undefined);
    },
    [device],
  );
  const save = async () => (device ? renameDevice(device.id, name.trim()) : Promise.reject(new Error(t('common.error_title'))));
  return (
    <FormModal
      opened={device !== null}
      onClose={onClose}
      title={t('devices.rename.title')}
      onSubmit={submit.handler(save, { onDone: onSaved })}
      busy={submit.busy}
      error={submit.error}
      errorFields={['name']}
    >
      <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {device?.udid}
      </Text>
      <TextInput
        label={t('devices.rename.label')}
        description={t('devices.rename.hint')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={DEVICE_NAME_MAX}
        error={fieldError(submit.error, 'name')}
        autoComplete="off"
        data-autofocus
      />
    </FormModal>
  );
}
