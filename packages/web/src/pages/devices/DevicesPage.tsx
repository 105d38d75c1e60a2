// /devices?q=<search>&page=<n>: the iOS devices testers registered through /udid and those a
// sync from the Apple developer account listed (each with its source, and Apple's status once
// synced), for the team to copy UDIDs into provisioning profiles. Developers and admins rename a
// device; admins delete one. With none yet, it shows the /udid address testers open in Safari.
import { Anchor, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteDevice, devicesKey, udidUrl, useDevices } from '../../api/devices.ts';
import type { Device } from '../../api/devices.ts';
import { useCurrentUser } from '../../api/session.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { ListPagination, NoMatchState, PastEndState, QueryBody } from '../../components/ListParts.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { EmptyState } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import type { ListParams } from '../../hooks/useListParams.ts';
import { DevicesTable } from './components/DevicesTable.tsx';
import type { DeviceActions } from './components/DevicesTable.tsx';
import { RegisterHelp } from './components/RegisterHelp.tsx';
import { RenameDeviceModal } from './RenameDeviceModal.tsx';

function NoDevices({ list }: { list: ListParams }) {
  const { t } = useTranslation();
  if (list.q !== '') {
    const title = t('devices.none_found', { q: list.q });
    return <NoMatchState title={title} description={t('devices.none_found_hint')} onClear={() => list.clear()} clearLabel={t('devices.clear_search')} />;
  }
  return (
    <Stack align="center" gap="md">
      <EmptyState title={t('devices.empty')} description={t('devices.empty_hint')} />
      <RegisterHelp />
    </Stack>
  );
}

function DevicesList({ list, actions }: { list: ListParams; actions: DeviceActions }) {
  const { t } = useTranslation();
  const devices = useDevices({ q: list.q, page: list.page });
  return (
    <QueryBody query={devices} isEmpty={(data) => data.total === 0} empty={<NoDevices list={list} />}>
      {(data) =>
        data.items.length === 0 ? (
          <PastEndState page={list.page} onFirstPage={() => list.setParam({ page: undefined })} />
        ) : (
          <Stack gap="md">
            <DevicesTable devices={data.items} actions={actions} busy={devices.isFetching} />
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed" role="status">
                {t('devices.total', { count: data.total })}
              </Text>
              <ListPagination
                totalPages={data.totalPages}
                page={list.page}
                onChange={(page) => list.setParam({ page: page === 1 ? undefined : String(page) })}
              />
            </Group>
          </Stack>
        )
      }
    </QueryBody>
  );
}

export default function DevicesPage() {
  const { t } = useTranslation();
  useTitle(t('devices.title'));
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const list = useListParams();
  const [renaming, setRenaming] = useState<Device | null>(null);
  const [deleting, setDeleting] = useState<Device | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesKey() });
  const nameOf = (device: Device) => device.name ?? t('devices.unnamed');
  const actions: DeviceActions = {
    canRename: me.role === 'admin' || me.role === 'developer',
    canDelete: me.role === 'admin',
    onRename: setRenaming,
    onDelete: setDeleting,
  };

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">{t('devices.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('devices.subtitle')}{' '}
          <Anchor href={udidUrl()} target="_blank" rel="noreferrer" size="sm" underline="always">
            {udidUrl()}
          </Anchor>
        </Text>
      </Stack>
      <TextInput
        label={t('common.search')}
        placeholder={t('devices.search_placeholder')}
        leftSection={<IconSearch size={16} />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        maxLength={100}
        w={{ base: '100%', sm: 420 }}
        type="search"
      />
      <DevicesList list={list} actions={actions} />
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
