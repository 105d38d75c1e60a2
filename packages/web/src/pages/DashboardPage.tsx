// `/`: what the user can see at a glance: counts, the ten newest uploads (each links to its
// release), and quick links. A new install (no apps yet) says how to get the first build in.
import { Anchor, Avatar, Badge, Button, Card, Grid, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconApi, IconApps, IconBug, IconDatabase, IconKey, IconPackage, IconPlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDashboard } from '../api/dashboard.ts';
import type { RecentRelease } from '../api/dashboard.ts';
import type { DeviceType } from '../api/apps.ts';
import { useCurrentUser } from '../api/session.ts';
import { EmptyState, ErrorState, PageLoader } from '../components/PageState.tsx';
import { formatBuildVersion, formatBytes } from '../format.ts';
import { useDateFormatter, useTitle } from '../hooks/page.ts';
import { DEVICE_ICONS } from './apps/DeviceType.tsx';
import { JobsCard } from './dashboard/JobsCard.tsx';
import { UploadQuickLink } from './dashboard/UploadQuickLink.tsx';

/** One count; a link where it has a screen. Named "label: value" for a screen reader. */
function StatCard({ label, value, icon, to }: { label: string; value: string; icon: ReactNode; to?: string | undefined }) {
  const body = (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {/* A space between the label and the value, not rendered in the column: text read out of
            the page (axe's check that a link's name holds its visible text) gets "Apps 3", not "Apps3". */}
        {' '}
        <Text fz={28} fw={700} lh={1.2}>
          {value}
        </Text>
      </Stack>
      <ThemeIcon variant="light" size={40} radius="md">
        {icon}
      </ThemeIcon>
    </Group>
  );
  return to ? (
    <Card withBorder padding="md" component={Link} to={to} aria-label={`${label}: ${value}`}>
      {body}
    </Card>
  ) : (
    <Card withBorder padding="md" role="group" aria-label={`${label}: ${value}`}>
      {body}
    </Card>
  );
}

function RecentUpload({ release }: { release: RecentRelease }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const Icon = DEVICE_ICONS[release.platform as DeviceType] ?? IconPackage;
  const href = `/apps/${release.app_id}/channels/${release.channel_id}/releases/${release.id}`;
  return (
    <Group wrap="nowrap" gap="sm" align="flex-start" py="xs" role="listitem">
      <Avatar src={release.icon_url} radius="md" size={40} alt="" color="blue">
        <Icon size={22} />
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={href} fw={600} style={{ wordBreak: 'break-word' }}>
            {release.app_name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {release.scheme_name} · {release.channel_name}
          </Text>
          {release.app_archived && (
            <Badge size="xs" color="gray" variant="outline">
              {t('dashboard.archived')}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {t('dashboard.recent.version', { version: formatBuildVersion(release), number: release.version })}
          <Text span c="dimmed" size="sm">
            {' · '}
            {formatBytes(release.size)}
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          {release.uploader
            ? t('dashboard.recent.uploaded_by', { date: formatDate(release.created_at), name: release.uploader })
            : formatDate(release.created_at)}
        </Text>
      </Stack>
    </Group>
  );
}

function QuickLinks({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={t('dashboard.quick.title')}>
      <Stack gap="sm">
        <Title order={4}>{t('dashboard.quick.title')}</Title>
        {canCreate && (
          <Button component={Link} to="/apps?new=1" variant="light" leftSection={<IconPlus size={16} />} justify="flex-start">
            {t('dashboard.quick.new_app')}
          </Button>
        )}
        <UploadQuickLink canCreate={canCreate} />
        <Button component={Link} to="/settings/tokens" variant="light" leftSection={<IconKey size={16} />} justify="flex-start">
          {t('dashboard.quick.token')}
        </Button>
        <Button component="a" href="/api/docs" variant="light" leftSection={<IconApi size={16} />} justify="flex-start">
          {t('dashboard.quick.api_docs')}
        </Button>
      </Stack>
    </Card>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useTitle(t('nav.dashboard'));
  const { data, isPending, error, refetch } = useDashboard();
  const canCreate = user.role === 'admin' || user.role === 'developer';

  let content: ReactNode;
  if (isPending) content = <PageLoader />;
  else if (error) content = <ErrorState error={error} onRetry={() => void refetch()} />;
  else {
    const stats = [
      { key: 'apps', label: t('dashboard.stats.apps'), value: String(data.apps), icon: <IconApps size={22} />, to: '/apps' },
      { key: 'releases', label: t('dashboard.stats.releases'), value: String(data.releases), icon: <IconPackage size={22} /> },
      ...(data.debug_files === undefined
        ? []
        : [{ key: 'debug-files', label: t('dashboard.stats.debug_files'), value: String(data.debug_files), icon: <IconBug size={22} />, to: '/debug-files' }]),
      ...(data.users === undefined ? [] : [{ key: 'users', label: t('dashboard.stats.users'), value: String(data.users), icon: <IconUsers size={22} />, to: '/admin/users' }]),
      { key: 'storage', label: t('dashboard.stats.storage'), value: formatBytes(data.storage_bytes), icon: <IconDatabase size={22} /> },
    ];
    content = (
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: data.jobs ? 3 : stats.length > 4 ? 5 : 4, xl: data.jobs ? 6 : undefined }}>
          {stats.map((stat) => (
            <StatCard key={stat.key} label={stat.label} value={stat.value} icon={stat.icon} to={stat.to} />
          ))}
          {data.jobs && <JobsCard jobs={data.jobs} />}
        </SimpleGrid>
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="md">
              <Title order={4} mb="xs">
                {t('dashboard.recent.title')}
              </Title>
              {data.recent_releases.length === 0 ? (
                <EmptyState
                  title={data.apps === 0 ? t('dashboard.empty.title') : t('dashboard.recent.empty_title')}
                  description={
                    data.apps === 0 ? (canCreate ? t('dashboard.empty.create_hint') : t('dashboard.empty.member_hint')) : t('dashboard.recent.empty_hint')
                  }
                  action={
                    canCreate && data.apps === 0 ? (
                      <Button component={Link} to="/apps?new=1" leftSection={<IconPlus size={16} />}>
                        {t('dashboard.quick.new_app')}
                      </Button>
                    ) : undefined
                  }
                />
              ) : (
                <Stack gap={0} role="list" aria-label={t('dashboard.recent.title')}>
                  {data.recent_releases.map((release) => (
                    <RecentUpload key={release.id} release={release} />
                  ))}
                </Stack>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <QuickLinks canCreate={canCreate} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">{t('dashboard.welcome', { name: user.username })}</Title>
        <Text c="dimmed">{t('dashboard.subtitle')}</Text>
      </div>
      {content}
    </Stack>
  );
}
