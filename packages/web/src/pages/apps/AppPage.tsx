// /apps/:appId: one app. Its name and state, its schemes with their channels (each linking to
// the channel's screen), its team, and a link to its debug files. Every button is one the
// caller's role allows (the API's `permissions`); an archived app offers only unarchiving,
// deleting and team changes.
import { ActionIcon, Alert, Anchor, Badge, Breadcrumbs, Button, Card, Grid, Group, Menu, Modal, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconBellOff,
  IconBug,
  IconDots,
  IconHistory,
  IconLock,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { appKeys, archiveApp, deleteApp, deleteChannel, deleteScheme, renameApp, unarchiveApp, useApp } from '../../api/apps.ts';
import type { AppDetail, Channel, Scheme } from '../../api/apps.ts';
import { ApiError, fieldError } from '../../api/client.ts';
import { EmptyState, ErrorState, PageLoader } from '../../components/PageState.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useTitle } from '../../hooks.ts';
import { ChannelModal } from './ChannelModal.tsx';
import { CollaboratorsCard } from './CollaboratorsCard.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { DEVICE_ICONS } from './DeviceType.tsx';
import { SchemeModal } from './SchemeModal.tsx';
import { FormError } from '../../components/FormError.tsx';

function RenameModal({ app, opened, onClose }: { app: AppDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(app.name);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setName(app.name);
      setError(undefined);
    }
  }, [opened, app.name]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await renameApp(app.id, name);
      await queryClient.invalidateQueries({ queryKey: appKeys.all });
      notifySuccess(t('apps.app.renamed'));
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={t('apps.app.rename_title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <TextInput label={t('apps.create.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldError(error, 'name')} required data-autofocus maxLength={255} />
          {!fieldError(error, 'name') && <FormError error={error} />}
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

interface SchemeActions {
  editScheme: (scheme: Scheme) => void;
  deleteScheme: (scheme: Scheme) => void;
  newChannel: (scheme: Scheme) => void;
  editChannel: (scheme: Scheme, channel: Channel) => void;
  deleteChannel: (channel: Channel) => void;
}

function ChannelRow({ app, scheme, channel, canManage, actions }: { app: AppDetail; scheme: Scheme; channel: Channel; canManage: boolean; actions: SchemeActions }) {
  const { t } = useTranslation();
  const Icon = DEVICE_ICONS[channel.device_type];
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" py={6} data-testid="channel">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Tooltip label={t(`apps.device.${channel.device_type}`)}>
          <Icon size={20} aria-label={t(`apps.device.${channel.device_type}`)} style={{ flex: 'none' }} />
        </Tooltip>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={4} wrap="nowrap">
            <Anchor component={Link} to={`/apps/${app.id}/channels/${channel.id}`} fw={500} truncate>
              {channel.name}
            </Anchor>
            {channel.has_password && (
              <Tooltip label={t('apps.channel.has_password')}>
                <IconLock size={14} aria-label={t('apps.channel.has_password')} style={{ flex: 'none' }} />
              </Tooltip>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {t(`apps.device.${channel.device_type}`)} · {channel.bundle_id === '*' ? t('apps.channel.any_bundle_id') : channel.bundle_id} · /{channel.slug}
          </Text>
        </Stack>
      </Group>
      {canManage && (
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" color="gray" aria-label={t('apps.channel.edit_named', { name: channel.name })} onClick={() => actions.editChannel(scheme, channel)}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('apps.channel.delete_named', { name: channel.name })} onClick={() => actions.deleteChannel(channel)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}

function SchemeCard({ app, scheme, actions }: { app: AppDetail; scheme: Scheme; actions: SchemeActions }) {
  const { t } = useTranslation();
  const canSchemes = app.permissions.manage_schemes && !app.archived;
  const canChannels = app.permissions.manage_channels && !app.archived;
  return (
    <Card withBorder padding="md" data-testid="scheme">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={4} style={{ wordBreak: 'break-word' }}>
              {scheme.name}
            </Title>
            <Group gap={4}>
              <Badge size="sm" variant="light" color="gray" leftSection={<IconHistory size={12} />} tt="none">
                {scheme.retained_builds === 0 ? t('apps.scheme.keeps_all') : t('apps.scheme.keeps', { count: scheme.retained_builds })}
              </Badge>
              {!scheme.new_build_callout && (
                <Badge size="sm" variant="light" color="gray" leftSection={<IconBellOff size={12} />} tt="none">
                  {t('apps.scheme.no_callout')}
                </Badge>
              )}
            </Group>
          </Stack>
          {canSchemes && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('apps.scheme.actions', { name: scheme.name })}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.editScheme(scheme)}>
                  {t('apps.scheme.edit')}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => actions.deleteScheme(scheme)}>
                  {t('apps.scheme.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {scheme.channels.length === 0 ? (
          <Text size="sm" c="dimmed">
            {canChannels ? t('apps.scheme.no_channels_manage') : t('apps.scheme.no_channels')}
          </Text>
        ) : (
          <Stack gap={0}>
            {scheme.channels.map((channel) => (
              <ChannelRow key={channel.id} app={app} scheme={scheme} channel={channel} canManage={canChannels} actions={actions} />
            ))}
          </Stack>
        )}
        {canChannels && (
          <Group>
            <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => actions.newChannel(scheme)}>
              {t('apps.channel.new')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

type Dialog =
  | { kind: 'rename' }
  | { kind: 'archive' }
  | { kind: 'delete' }
  | { kind: 'scheme'; scheme?: Scheme }
  | { kind: 'delete-scheme'; scheme: Scheme }
  | { kind: 'channel'; scheme: Scheme; channel?: Channel }
  | { kind: 'delete-channel'; channel: Channel };

export default function AppPage() {
  const { t } = useTranslation();
  const { appId } = useParams();
  const id = Number(appId);
  const app = useApp(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();
  useTitle(app.data?.name ?? t('apps.title'));

  if (!Number.isInteger(id) || id < 1 || (app.error instanceof ApiError && app.error.status === 404)) {
    return (
      <EmptyState
        title={t('apps.app.not_found')}
        description={t('apps.app.not_found_hint')}
        action={
          <Button component={Link} to="/apps" variant="light">
            {t('apps.app.back')}
          </Button>
        }
      />
    );
  }
  if (app.isPending) return <PageLoader />;
  if (app.isError) return <ErrorState error={app.error} onRetry={() => void app.refetch()} />;

  const data = app.data;
  const { permissions } = data;
  const close = () => setDialog(undefined);
  const refresh = () => queryClient.invalidateQueries({ queryKey: appKeys.all });

  async function setArchived(archived: boolean) {
    await (archived ? archiveApp(data.id) : unarchiveApp(data.id));
    await refresh();
    notifySuccess(t(archived ? 'apps.app.archived_done' : 'apps.app.unarchived_done', { name: data.name }));
  }

  const actions: SchemeActions = {
    editScheme: (scheme) => setDialog({ kind: 'scheme', scheme }),
    deleteScheme: (scheme) => setDialog({ kind: 'delete-scheme', scheme }),
    newChannel: (scheme) => setDialog({ kind: 'channel', scheme }),
    editChannel: (scheme, channel) => setDialog({ kind: 'channel', scheme, channel }),
    deleteChannel: (channel) => setDialog({ kind: 'delete-channel', channel }),
  };
  const canSchemes = permissions.manage_schemes && !data.archived;

  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/apps" size="sm">
          {t('apps.title')}
        </Anchor>
        <Text size="sm" truncate maw={240}>
          {data.name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={2} style={{ wordBreak: 'break-word' }} data-testid="app-name">
              {data.name}
            </Title>
            {data.archived && (
              <Badge color="gray" variant="outline" data-testid="archived-badge">
                {t('apps.archived_badge')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {data.role ? t('apps.app.your_role', { role: t(`apps.role.${data.role}`) }) : t('apps.app.global_admin')}
            {data.owner ? ` · ${t('apps.list.owner', { name: data.owner.username })}` : ''}
          </Text>
        </Stack>
        <Group gap="xs" data-testid="app-actions">
          <Button component={Link} to={`/debug-files?app=${data.id}`} variant="default" size="xs" leftSection={<IconBug size={14} />}>
            {t('apps.app.debug_files')}
          </Button>
          {permissions.update && !data.archived && (
            <Button variant="default" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setDialog({ kind: 'rename' })}>
              {t('apps.app.rename')}
            </Button>
          )}
          {permissions.archive &&
            (data.archived ? (
              <Button variant="default" size="xs" leftSection={<IconArchiveOff size={14} />} onClick={() => void setArchived(false).catch(notifyError)}>
                {t('apps.app.unarchive')}
              </Button>
            ) : (
              <Button variant="default" size="xs" leftSection={<IconArchive size={14} />} onClick={() => setDialog({ kind: 'archive' })}>
                {t('apps.app.archive')}
              </Button>
            ))}
          {permissions.delete && (
            <Button color="red" variant="light" size="xs" leftSection={<IconTrash size={14} />} onClick={() => setDialog({ kind: 'delete' })}>
              {t('apps.app.delete')}
            </Button>
          )}
        </Group>
      </Group>
      {data.archived && (
        <Alert color="gray" icon={<IconArchive size={18} />} data-testid="archived-notice">
          {permissions.archive ? t('apps.app.archived_notice_admin') : t('apps.app.archived_notice')}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack>
            <Group justify="space-between">
              <Title order={3} size="h4">
                {t('apps.scheme.title')}
              </Title>
              {canSchemes && (
                <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setDialog({ kind: 'scheme' })} data-testid="new-scheme">
                  {t('apps.scheme.new')}
                </Button>
              )}
            </Group>
            {data.schemes.length === 0 ? (
              <Card withBorder>
                <EmptyState
                  title={t('apps.scheme.empty')}
                  description={canSchemes ? t('apps.scheme.empty_manage') : t('apps.scheme.empty_read')}
                  action={
                    canSchemes ? (
                      <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'scheme' })}>
                        {t('apps.scheme.new')}
                      </Button>
                    ) : undefined
                  }
                />
              </Card>
            ) : (
              data.schemes.map((scheme) => <SchemeCard key={scheme.id} app={data} scheme={scheme} actions={actions} />)
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <CollaboratorsCard app={data} />
        </Grid.Col>
      </Grid>

      <RenameModal app={data} opened={dialog?.kind === 'rename'} onClose={close} />
      <SchemeModal opened={dialog?.kind === 'scheme'} onClose={close} appId={data.id} scheme={dialog?.kind === 'scheme' ? dialog.scheme : undefined} />
      <ChannelModal
        opened={dialog?.kind === 'channel'}
        onClose={close}
        scheme={dialog?.kind === 'channel' ? dialog.scheme : undefined}
        channel={dialog?.kind === 'channel' ? dialog.channel : undefined}
      />
      <ConfirmModal
        opened={dialog?.kind === 'archive'}
        onClose={close}
        title={t('apps.app.archive_title')}
        message={t('apps.app.archive_message', { name: data.name })}
        confirmLabel={t('apps.app.archive')}
        color="orange"
        onConfirm={() => setArchived(true)}
      />
      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        title={t('apps.app.delete_title')}
        message={t('apps.app.delete_message', { name: data.name })}
        confirmLabel={t('apps.app.delete')}
        typeName={data.name}
        onConfirm={async () => {
          await deleteApp(data.id);
          notifySuccess(t('apps.app.deleted', { name: data.name }));
          void navigate('/apps', { replace: true });
          await queryClient.invalidateQueries({ queryKey: appKeys.lists });
        }}
      />
      <ConfirmModal
        opened={dialog?.kind === 'delete-scheme'}
        onClose={close}
        title={t('apps.scheme.delete_title')}
        message={dialog?.kind === 'delete-scheme' ? t('apps.scheme.delete_message', { name: dialog.scheme.name, count: dialog.scheme.channels.length }) : ''}
        confirmLabel={t('apps.scheme.delete')}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete-scheme') return;
          await deleteScheme(dialog.scheme.id);
          await refresh();
          notifySuccess(t('apps.scheme.deleted', { name: dialog.scheme.name }));
        }}
      />
      <ConfirmModal
        opened={dialog?.kind === 'delete-channel'}
        onClose={close}
        title={t('apps.channel.delete_title')}
        message={dialog?.kind === 'delete-channel' ? t('apps.channel.delete_message', { name: dialog.channel.name }) : ''}
        confirmLabel={t('apps.channel.delete')}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete-channel') return;
          await deleteChannel(dialog.channel.id);
          await refresh();
          notifySuccess(t('apps.channel.deleted', { name: dialog.channel.name }));
        }}
      />
    </Stack>
  );
}
