// The devices table: each device's name (the row's header), UDID with a copy button, model, iOS
// version ("iOS 17.5.1 (21F90)"), where it came from with Apple's status once synced, when it was registered, and the
// rename and delete buttons for those who may use them.
import { ActionIcon, Badge, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../api/devices.ts';
import { CopyAction } from '../../../components/CopyAction.tsx';
import { useDateFormatter } from '../../../hooks/page.ts';

function AppleStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status === 'ENABLED' || status === 'DISABLED';
  return (
    <Badge
      variant="dot"
      color={status === 'ENABLED' ? 'teal' : status === 'DISABLED' ? 'red' : 'gray'}
      tt="none"
      // The whole word, never an ellipsis: the cell widens instead.
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {known ? t(`devices.apple_status.${status}`) : t('devices.apple_status.other', { status })}
    </Badge>
  );
}

/** Where the device came from, and Apple's status when a sync gave one. */
function SourceCell({ device }: { device: Device }) {
  const { t } = useTranslation();
  const source = device.source === 'sync' || device.source === 'profile' ? device.source : 'udid';
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{t(`devices.source.${source}`)}</Text>
      {device.status !== null && <AppleStatus status={device.status} />}
    </Stack>
  );
}

/** "iOS 17.5.1 (21F90)": the version the server reads from the reported build, and the build. */
function iosLabel(t: TFunction, device: Device): string | null {
  if (!device.os_version) return null;
  return device.ios_version ? t('devices.ios_version', { version: device.ios_version, build: device.os_version }) : device.os_version;
}

function modelLabel(device: Device): string | null {
  if (device.model && device.product) return `${device.model} (${device.product})`;
  return device.model ?? device.product;
}

export interface DeviceActions {
  canRename: boolean;
  canDelete: boolean;
  onRename: (device: Device) => void;
  onDelete: (device: Device) => void;
}

function ActionsCell({ device, name, actions }: { device: Device; name: string; actions: DeviceActions }) {
  const { t } = useTranslation();
  return (
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
      {actions.canRename && (
        <Tooltip label={t('devices.rename.button')} withArrow>
          <ActionIcon variant="subtle" onClick={() => actions.onRename(device)} aria-label={t('devices.rename.aria', { name })}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {actions.canDelete && (
        <Tooltip label={t('common.delete')} withArrow>
          <ActionIcon variant="subtle" color="red" onClick={() => actions.onDelete(device)} aria-label={t('devices.delete.aria', { name })}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Table.Td>
  );
}

function DeviceRow({ device, actions }: { device: Device; actions: DeviceActions }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const name = device.name ?? t('devices.unnamed');
  const unknown = <Text c="dimmed">{t('devices.unknown')}</Text>;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} c={device.name ? undefined : 'dimmed'} fs={device.name ? undefined : 'italic'}>
        {name}
      </Table.Th>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {device.udid}
          </Text>
          <CopyAction value={device.udid} label={t('devices.copy_udid', { name })} />
        </Group>
      </Table.Td>
      <Table.Td>{modelLabel(device) ?? unknown}</Table.Td>
      <Table.Td>{iosLabel(t, device) ?? unknown}</Table.Td>
      <Table.Td>
        <SourceCell device={device} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Tooltip label={t('devices.updated', { date: formatDate(device.updated_at) })} withArrow>
          <Text size="sm">{formatDate(device.created_at)}</Text>
        </Tooltip>
      </Table.Td>
      {(actions.canRename || actions.canDelete) && <ActionsCell device={device} name={name} actions={actions} />}
    </Table.Tr>
  );
}

export function DevicesTable({ devices, actions, busy }: { devices: Device[]; actions: DeviceActions; busy: boolean }) {
  const { t } = useTranslation();
  const columns = ['name', 'udid', 'model', 'os', 'source', 'registered'] as const;
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={960}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('devices.title')} aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{t(`devices.column.${column}`)}</Table.Th>
              ))}
              {(actions.canRename || actions.canDelete) && (
                <Table.Th>
                  <VisuallyHidden>{t('devices.column.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.map((device) => (
              <DeviceRow key={device.id} device={device} actions={actions} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
