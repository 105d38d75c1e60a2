// One scheme of the App screen: its name, what it keeps and announces, and its channels (each
// linking to the channel's screen), with the edit and delete buttons the caller's role allows.
import { ActionIcon, Anchor, Badge, Button, Card, Group, Menu, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBellOff, IconDots, IconHistory, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppChannel, AppDetail, Channel, Scheme } from '../../api/apps.ts';
import { DEVICE_ICONS } from './DeviceType.tsx';
import { platformName } from '../../platforms.ts';

export interface SchemeActions {
  editScheme: (scheme: Scheme) => void;
  deleteScheme: (scheme: Scheme) => void;
  newChannel: (scheme: Scheme) => void;
  editChannel: (scheme: Scheme, channel: Channel) => void;
  deleteChannel: (channel: Channel) => void;
}

interface ChannelRowProps {
  app: AppDetail;
  scheme: Scheme;
  channel: AppChannel;
  canManage: boolean;
  actions: SchemeActions;
}

function ChannelRow({ app, scheme, channel, canManage, actions }: ChannelRowProps) {
  const { t } = useTranslation();
  const Icon = DEVICE_ICONS[channel.device_type];
  const bundleId = channel.bundle_id === '*' ? t('apps.channel.any_bundle_id') : channel.bundle_id;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" py={6}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Tooltip label={platformName(channel.device_type)}>
          <Icon size={20} aria-label={platformName(channel.device_type)} style={{ flex: 'none' }} />
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
            {platformName(channel.device_type)} · {bundleId} · /{channel.slug}
          </Text>
        </Stack>
      </Group>
      <Group gap={2} wrap="nowrap">
        <Badge size="sm" variant="light" color={channel.release_count === 0 ? 'gray' : 'blue'} tt="none" style={{ flex: 'none' }}>
          {channel.release_count === 0 ? t('apps.list.no_builds') : t('apps.list.builds', { count: channel.release_count })}
        </Badge>
        {canManage && <ChannelActions scheme={scheme} channel={channel} actions={actions} />}
      </Group>
    </Group>
  );
}

function ChannelActions({ scheme, channel, actions }: { scheme: Scheme; channel: Channel; actions: SchemeActions }) {
  const { t } = useTranslation();
  return (
    <>
      <ActionIcon variant="subtle" color="gray" aria-label={t('apps.channel.edit_named', { name: channel.name })} onClick={() => actions.editChannel(scheme, channel)}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t('apps.channel.delete_named', { name: channel.name })} onClick={() => actions.deleteChannel(channel)}>
        <IconTrash size={16} />
      </ActionIcon>
    </>
  );
}

export function SchemeCard({ app, scheme, actions }: { app: AppDetail; scheme: Scheme; actions: SchemeActions }) {
  const { t } = useTranslation();
  const canSchemes = app.permissions.manage_schemes && !app.archived;
  const canChannels = app.permissions.manage_channels && !app.archived;
  return (
    <Card withBorder padding="md">
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
