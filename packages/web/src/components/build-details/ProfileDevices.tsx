// A provisioning profile's devices: each UDID with the name (and model) the team registered it
// under, looked up in one request for the whole list; the search box finds a device by either.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDevicesByUdid } from '../../api/devices.ts';
import type { Device } from '../../api/devices.ts';
import { StringList } from './Facts.tsx';

function deviceLabel(device: Device | undefined): string | null {
  if (!device) return null;
  const model = device.model ?? device.product;
  if (device.name && model) return `${device.name} (${model})`;
  return device.name ?? model;
}

export function ProfileDevices({ udids, label }: { udids: string[]; label: string }) {
  const { t } = useTranslation();
  const registered = useDevicesByUdid(udids);
  const noteOf = (udid: string) => deviceLabel(registered.get(udid.toUpperCase()));
  const named = udids.filter((udid) => noteOf(udid)).length;
  return (
    <Stack gap="xs">
      {named > 0 && (
        <Text size="xs" c="dimmed">
          {t('release.ios.devices_named', { count: named })}
        </Text>
      )}
      <StringList items={udids} label={label} monospace noteOf={noteOf} />
    </Stack>
  );
}
