// Renames a registered device; an empty name clears it. The server's sentence shows in the dialog.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../api/client.ts';
import { DEVICE_NAME_MAX, renameDevice } from '../../api/devices.ts';
import type { Device } from '../../api/devices.ts';
import { FormError } from '../../components/FormError.tsx';

export function RenameDeviceModal({ device, onClose, onSaved }: { device: Device | null; onClose: () => void; onSaved: (device: Device) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (device) {
      setName(device.name ?? '');
      setError(null);
    }
  }, [device]);

  async function save() {
    if (!device) return;
    setBusy(true);
    setError(null);
    try {
      onSaved(await renameDevice(device.id, name.trim()));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const nameError = fieldError(error, 'name');
  return (
    <Modal opened={device !== null} onClose={() => !busy && onClose()} title={t('devices.rename.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {device?.udid}
          </Text>
          <TextInput
            label={t('devices.rename.label')}
            description={t('devices.rename.hint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={DEVICE_NAME_MAX}
            error={nameError}
            autoComplete="off"
            data-autofocus
          />
          <FormError error={error} fields={['name']} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
