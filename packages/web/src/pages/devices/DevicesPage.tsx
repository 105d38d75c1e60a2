// /devices?q=<search>&page=<n>: the iOS devices testers registered through /udid and those a
// sync from the Apple developer account listed (each with its source, and Apple's status once
// synced), for the team to copy UDIDs into provisioning profiles. Developers and admins rename a device; admins
// delete one. With none yet, it shows the /udid address testers open in Safari on their iPhone.
import { ActionIcon, Anchor, Badge, Button, Card, Code, Group, Pagination, Paper, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { deleteDevice, devicesKey, udidUrl, useDevices } from '../../api/devices.ts';
import type { Device } from '../../api/devices.ts';
import { useCurrentUser } from '../../api/session.ts';
import { notifySuccess } from '../../components/notify.ts';
import { EmptyState, ErrorState, PageLoader } from '../../components/PageState.tsx';
import { useDateFormatter, useTitle } from '../../hooks.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { CopyAction } from '../../components/CopyAction.tsx';
import { RenameDeviceModal } from './RenameDeviceModal.tsx';

/** Where testers register: the /udid address with copy and open. */
function RegisterHelp() {
  const { t } = useTranslation();
  const url = udidUrl();
  return (
    <Card withBorder padding="md" w="100%" maw={640} data-testid="udid-help">
      <Stack gap="xs">
        <Text fw={600}>{t('devices.help.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('devices.help.hint')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code style={{ wordBreak: 'break-all' }} data-testid="udid-url">
            {url}
          </Code>
          <CopyAction value={url} label={t('devices.help.copy_url')} />
          <Tooltip label={t('devices.help.open')} withArrow>
            <ActionIcon component="a" href={url} target="_blank" rel="noreferrer" variant="subtle" color="gray" aria-label={t('devices.help.open')}>
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text size="xs" c="dimmed">
          {t('devices.help.https')}
        </Text>
      </Stack>
    </Card>
  );
}

/** Where the device came from, and Apple's status when a sync gave one. */
function SourceCell({ device }: { device: Device }) {
  const { t } = useTranslation();
  const status = device.status;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" data-testid="device-source">
        {device.source === 'sync' ? t('devices.source.sync') : device.source === 'profile' ? t('devices.source.profile') : t('devices.source.udid')}
      </Text>
      {status !== null && (
        <Badge
          variant="dot"
          color={status === 'ENABLED' ? 'teal' : status === 'DISABLED' ? 'red' : 'gray'}
          tt="none"
          // The whole word, never an ellipsis: the cell widens instead.
          styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
          data-testid="device-status"
        >
          {status === 'ENABLED'
            ? t('devices.apple_status.ENABLED')
            : status === 'DISABLED'
              ? t('devices.apple_status.DISABLED')
              : t('devices.apple_status.other', { status })}
        </Badge>
      )}
    </Stack>
  );
}

function modelLabel(device: Device): string | null {
  if (device.model && device.product) return `${device.model} (${device.product})`;
  return device.model ?? device.product;
}

export default function DevicesPage() {
  const { t } = useTranslation();
  useTitle(t('devices.title'));
  const me = useCurrentUser();
  const canRename = me.role === 'admin' || me.role === 'developer';
  const canDelete = me.role === 'admin';
  const formatDate = useDateFormatter();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, 300);
  const [renaming, setRenaming] = useState<Device | null>(null);
  const [deleting, setDeleting] = useState<Device | null>(null);

  function setParam(changes: Record<string, string>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  // The search box writes ?q= once typing pauses, back to the first page.
  useEffect(() => {
    if (debounced.trim() !== q) setParam({ q: debounced.trim(), page: '' });
  }, [debounced]);

  const { data, isPending, error, refetch, isFetching } = useDevices({ q, page });
  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesKey() });
  const nameOf = (device: Device) => device.name ?? t('devices.unnamed');

  let body;
  if (isPending) body = <PageLoader />;
  else if (error) body = <ErrorState error={error} onRetry={() => void refetch()} />;
  else if (data.items.length === 0 && q !== '')
    body = (
      <EmptyState
        title={t('devices.none_found', { q })}
        description={t('devices.none_found_hint')}
        action={
          <Button
            variant="light"
            onClick={() => {
              setSearch('');
              setParam({ q: '', page: '' });
            }}
          >
            {t('devices.clear_search')}
          </Button>
        }
      />
    );
  else if (data.items.length === 0 && data.total > 0)
    body = (
      <EmptyState
        title={t('devices.past_end', { page })}
        action={
          <Button variant="light" onClick={() => setParam({ page: '' })}>
            {t('devices.first_page')}
          </Button>
        }
      />
    );
  else if (data.items.length === 0)
    body = (
      <Stack align="center" gap="md">
        <EmptyState title={t('devices.empty')} description={t('devices.empty_hint')} />
        <RegisterHelp />
      </Stack>
    );
  else
    body = (
      <Stack gap="md">
        <Paper withBorder>
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={t('devices.title')} aria-busy={isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('devices.column.name')}</Table.Th>
                  <Table.Th>{t('devices.column.udid')}</Table.Th>
                  <Table.Th>{t('devices.column.model')}</Table.Th>
                  <Table.Th>{t('devices.column.os')}</Table.Th>
                  <Table.Th>{t('devices.column.source')}</Table.Th>
                  <Table.Th>{t('devices.column.registered')}</Table.Th>
                  {(canRename || canDelete) && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((device) => (
                  <Table.Tr key={device.id} data-testid="device-row" data-udid={device.udid}>
                    <Table.Td>
                      <Text fw={500} c={device.name ? undefined : 'dimmed'} fs={device.name ? undefined : 'italic'} data-testid="device-name">
                        {nameOf(device)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                          {device.udid}
                        </Text>
                        <CopyAction value={device.udid} label={t('devices.copy_udid', { name: nameOf(device) })} />
                      </Group>
                    </Table.Td>
                    <Table.Td>{modelLabel(device) ?? <Text c="dimmed">{t('devices.unknown')}</Text>}</Table.Td>
                    <Table.Td>{device.os_version ?? <Text c="dimmed">{t('devices.unknown')}</Text>}</Table.Td>
                    <Table.Td>
                      <SourceCell device={device} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Tooltip label={t('devices.updated', { date: formatDate(device.updated_at) })} withArrow>
                        <Text size="sm">{formatDate(device.created_at)}</Text>
                      </Tooltip>
                    </Table.Td>
                    {(canRename || canDelete) && (
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {canRename && (
                          <Tooltip label={t('devices.rename.button')} withArrow>
                            <ActionIcon variant="subtle" onClick={() => setRenaming(device)} aria-label={t('devices.rename.aria', { name: nameOf(device) })}>
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {canDelete && (
                          <Tooltip label={t('common.delete')} withArrow>
                            <ActionIcon variant="subtle" color="red" onClick={() => setDeleting(device)} aria-label={t('devices.delete.aria', { name: nameOf(device) })}>
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="devices-total">
            {t('devices.total', { count: data.total })}
          </Text>
          {data.totalPages > 1 && (
            <Pagination
              total={data.totalPages}
              value={page}
              onChange={(value) => setParam({ page: value === 1 ? '' : String(value) })}
              getControlProps={(control) => ({ 'aria-label': t(`devices.page_${control}`) })}
              getItemProps={(n) => ({ 'aria-label': t('devices.page_n', { page: n }) })}
            />
          )}
        </Group>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>{t('devices.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('devices.subtitle')}{' '}
          <Anchor href={udidUrl()} target="_blank" rel="noreferrer" size="sm">
            {udidUrl()}
          </Anchor>
        </Text>
      </Stack>
      <TextInput
        label={t('common.search')}
        placeholder={t('devices.search_placeholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={100}
        w={{ base: '100%', sm: 420 }}
        type="search"
      />
      {body}
      <RenameDeviceModal
        device={renaming}
        onClose={() => setRenaming(null)}
        onSaved={(device) => {
          setRenaming(null);
          notifySuccess(t('devices.rename.done', { name: device.name ?? t('devices.unnamed') }));
          void refresh();
        }}
      />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? t('devices.delete.title', { name: nameOf(deleting) }) : ''}
        message={deleting ? t('devices.delete.message', { udid: deleting.udid }) : ''}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteDevice(deleting.id);
          notifySuccess(t('devices.delete.done', { name: nameOf(deleting) }));
          await refresh();
        }}
      />
    </Stack>
  );
}
