// A provisioning profile's devices: each UDID with the name (and model) the team registered it
// under, looked up in one request; a search box past 10 of them finds a device by either.
import { Group, List, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevicesByUdid } from '../../api/devices.ts';
import type { Device } from '../../api/devices.ts';

function deviceLabel(device: Device | undefined): string | null {
  if (!device) return null;
  const model = device.model ?? device.product;
  if (device.name && model) return `${device.name} (${model})`;
  return device.name ?? model;
}

export function ProfileDevices({ udids, label }: { udids: string[]; label: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const registered = useDevicesByUdid(udids);
  if (udids.length === 0) return <Text size="sm" c="dimmed">{t('release.none')}</Text>;
  const rows = udids.map((udid) => ({ udid, name: deviceLabel(registered.get(udid.toUpperCase())) }));
  const named = rows.filter((row) => row.name).length;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? rows.filter((row) => row.udid.toLowerCase().includes(needle) || row.name?.toLowerCase().includes(needle)) : rows;
  return (
    <Stack gap="xs">
      {named > 0 && (
        <Text size="xs" c="dimmed">
          {t('release.ios.devices_named', { count: named })}
        </Text>
      )}
      {udids.length > 10 && (
        <TextInput
          size="xs"
          placeholder={t('release.filter_list')}
          aria-label={t('release.filter_named', { name: label })}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
      )}
      {/* A long list scrolls: its viewport takes the keyboard focus, so arrow keys scroll it. */}
      <ScrollArea.Autosize mah={300} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
        <List size="sm" spacing={2} aria-label={label}>
          {shown.map((row) => (
            <List.Item key={row.udid}>
              <Group gap={8} wrap="wrap" component="span">
                <Text span ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                  {row.udid}
                </Text>
                {row.name && (
                  <Text span size="sm" fw={500}>
                    {row.name}
                  </Text>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Stack>
  );
}
