// One app in the Apps list, as Zealot's list shows it: its icon (the newest build's that has one),
// how many builds it holds, and each channel's newest build with its version and how long ago it
// came; "no builds yet" until the first upload.
import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deviceTypesOf } from '../../api/apps.ts';
import type { App, AppChannel } from '../../api/apps.ts';
import { formatBuildVersion } from '../../format.ts';
import { useDateFormatter, useRelativeTime } from '../../hooks/page.ts';
import { DEVICE_ICONS, DeviceTypeBadge } from './DeviceType.tsx';

const SCHEMES_SHOWN = 3;

/** "Android · 1.2.0 (45) · 3 hours ago", or "Android · no builds yet". */
function ChannelLine({ channel }: { channel: AppChannel }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const formatDate = useDateFormatter();
  const Icon = DEVICE_ICONS[channel.device_type];
  const latest = channel.latest_release;
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Icon size={14} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm" truncate>
        {channel.name}
        <Text span size="sm" c="dimmed">
          {' · '}
          {latest ? (
            <>
              {formatBuildVersion(latest)}
              {' · '}
              <time dateTime={latest.created_at} title={formatDate(latest.created_at)}>
                {relative(latest.created_at)}
              </time>
            </>
          ) : (
            t('apps.list.no_builds')
          )}
        </Text>
      </Text>
    </Group>
  );
}

function SchemeLines({ app }: { app: App }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      {app.schemes.slice(0, SCHEMES_SHOWN).map((scheme) => (
        <Stack key={scheme.id} gap={0}>
          <Text size="sm" fw={500} lineClamp={1}>
            {scheme.name}
          </Text>
          {scheme.channels.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('apps.list.no_channels')}
            </Text>
          )}
          {scheme.channels.map((channel) => (
            <ChannelLine key={channel.id} channel={channel} />
          ))}
        </Stack>
      ))}
      {app.schemes.length > SCHEMES_SHOWN && (
        <Text size="xs" c="dimmed">
          {t('apps.list.more_schemes', { count: app.schemes.length - SCHEMES_SHOWN })}
        </Text>
      )}
    </Stack>
  );
}

export function AppCard({ app }: { app: App }) {
  const { t } = useTranslation();
  const channels = app.schemes.reduce((sum, scheme) => sum + scheme.channels.length, 0);
  const builds = app.release_count === 0 ? t('apps.list.no_builds') : t('apps.list.builds', { count: app.release_count });
  return (
    <Card withBorder padding="md" component="li" aria-label={app.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={app.icon_url} radius="md" size={44} alt="" color="blue">
              <IconApps size={24} aria-hidden />
            </Avatar>
            <Anchor component={Link} to={`/apps/${app.id}`} fw={600} size="lg" lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {app.name}
            </Anchor>
          </Group>
          <Group gap={4} wrap="nowrap">
            {app.archived && (
              <Badge color="gray" variant="outline">
                {t('apps.archived_badge')}
              </Badge>
            )}
            {app.role && <Badge variant="light">{t(`apps.role.${app.role}`)}</Badge>}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('apps.list.summary', { schemes: t('apps.list.schemes', { count: app.schemes.length }), channels: t('apps.list.channels', { count: channels }) })}
          {' · '}
          {builds}
        </Text>
        {app.schemes.length > 0 && <SchemeLines app={app} />}
        <Group gap={4}>
          {deviceTypesOf(app).map((type) => (
            <DeviceTypeBadge key={type} type={type} />
          ))}
        </Group>
        {app.owner && (
          <Text size="xs" c="dimmed">
            {t('apps.list.owner', { name: app.owner.username })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
