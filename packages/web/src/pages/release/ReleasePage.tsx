// /apps/:appId/channels/:channelId/releases/:releaseId — one build: what it is (versions, size,
// source), everything the parser read by platform, its changelog and custom fields, its
// install page, QR code and download; developers and admins edit or delete it.
import { Alert, Anchor, Box, Avatar, Badge, Breadcrumbs, Button, Card, Center, Grid, Group, Image, List, Stack, Text, Title, Tooltip, useComputedColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive, IconDownload, IconEdit, IconExternalLink, IconPackage, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { appKeys, useApp } from '../../api/apps.ts';
import { ApiError } from '../../api/client.ts';
import { commitUrl } from '../../api/channels.ts';
import { deleteRelease, releaseKeys, useRelease } from '../../api/releases.ts';
import type { ReleaseDetail } from '../../api/releases.ts';
import { notifySuccess } from '../../components/notify.ts';
import { ReleaseDebugFiles } from '../../components/ReleaseDebugFiles.tsx';
import { ErrorState, PageLoader } from '../../components/PageState.tsx';
import { formatBytes } from '../../format.ts';
import { useDateFormatter, useTitle } from '../../hooks.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { DeviceTypeBadge } from '../apps/DeviceType.tsx';
import { CopyAction } from '../../components/CopyAction.tsx';
import { CustomFields } from './components/CustomFields.tsx';
import { EditReleaseModal } from './components/EditReleaseModal.tsx';
import { Facts, Section } from './components/Facts.tsx';
import { PlatformDetails } from './components/PlatformDetails.tsx';

/** The path and query of an absolute URL the server built (TARMAC_URL may name another host than the one in the address bar). */
function local(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

export default function ReleasePage() {
  const { t } = useTranslation();
  const params = useParams();
  const appId = Number(params.appId);
  const channelId = Number(params.channelId);
  const releaseId = Number(params.releaseId);
  const release = useRelease(releaseId);
  const app = useApp(appId);
  const formatDate = useDateFormatter();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const scheme = useComputedColorScheme('light');
  const [editing, edit] = useDisclosure(false);
  const [deleting, setDeleting] = useState(false);
  const [iconFailed, setIconFailed] = useState(false);
  const data = release.data;
  const title = data ? `${data.metadata.display_name ?? data.metadata.name ?? data.app.name} ${data.release_version || `#${data.version}`}` : t('release.title');
  useTitle(title);

  if (!Number.isInteger(releaseId) || releaseId < 1) return <ErrorState error={new Error(t('release.not_found'))} />;
  if (release.isPending) return <PageLoader />;
  if (release.error) {
    const notFound = release.error instanceof ApiError && release.error.status === 404;
    return <ErrorState error={notFound ? new Error(t('release.not_found')) : release.error} onRetry={() => void release.refetch()} />;
  }
  if (!data) return null;
  if (data.app.id !== appId || data.channel.id !== channelId) {
    return <Navigate to={`/apps/${data.app.id}/channels/${data.channel.id}/releases/${data.id}`} replace />;
  }

  const channelPath = `/apps/${data.app.id}/channels/${data.channel.id}`;
  const permissions = app.data?.permissions;
  const archived = app.data?.archived ?? false;
  const canEdit = Boolean(permissions?.update_releases) && !archived;
  const canDelete = Boolean(permissions?.delete_releases) && !archived;
  const denied = archived ? t('release.archived_hint') : t('release.not_allowed');
  const metadata = data.metadata;
  const name = metadata.display_name ?? metadata.name ?? data.app.name;
  const commit = commitUrl(data.channel.git_url, data.git_commit);

  function saved(updated: ReleaseDetail) {
    queryClient.setQueryData(releaseKeys.detail(updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: releaseKeys.channel(updated.channel.id) });
    notifySuccess(t('release.edit.saved'));
  }

  async function remove() {
    const { id, version, channel } = data!;
    await deleteRelease(id);
    // Not removeQueries: this screen still observes the release and would fetch it again (404).
    void queryClient.invalidateQueries({ queryKey: releaseKeys.channel(channel.id) });
    void queryClient.invalidateQueries({ queryKey: appKeys.all });
    notifySuccess(t('release.deleted', { version }));
    void navigate(channelPath, { replace: true });
  }

  return (
    <Stack gap="md">
      <Box component="nav" aria-label={t('release.breadcrumbs')}>
        <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          <Anchor component={Link} to="/apps" size="sm">
            {t('channel.apps')}
          </Anchor>
          <Anchor component={Link} to={`/apps/${data.app.id}`} size="sm">
            {data.app.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {data.scheme.name}
          </Text>
          <Anchor component={Link} to={channelPath} size="sm">
            {data.channel.name}
          </Anchor>
          <Text size="sm">#{data.version}</Text>
        </Breadcrumbs>
      </Box>

      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          {data.icon_url && !iconFailed ? (
            <Image src={local(data.icon_url)} alt={t('release.icon_alt', { name })} w={64} h={64} radius="md" onError={() => setIconFailed(true)} />
          ) : (
            <Avatar size={64} radius="md" color="blue" aria-hidden>
              <IconPackage size={32} />
            </Avatar>
          )}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} style={{ wordBreak: 'break-word' }} data-testid="release-title">
              {name}
            </Title>
            <Text c="dimmed" size="sm" style={{ wordBreak: 'break-all' }} data-testid="release-bundle-id">
              {data.bundle_id || data.file_name}
            </Text>
            <Group gap={6}>
              <Badge variant="filled" tt="none">
                #{data.version}
              </Badge>
              <Badge variant="light" tt="none" data-testid="release-version">
                {data.release_version || '—'}
                {data.build_version ? ` (${data.build_version})` : ''}
              </Badge>
              <DeviceTypeBadge type={data.channel.device_type} />
              <Badge variant="outline" color="gray" tt="none">
                {data.format}
              </Badge>
              {data.release_type && (
                <Badge variant="light" color="grape" tt="none">
                  {data.release_type}
                </Badge>
              )}
              {archived && (
                <Badge color="gray" leftSection={<IconArchive size={12} />} tt="none">
                  {t('channel.archived')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          <Button component="a" href={data.release_url} target="_blank" rel="noopener" variant="light" leftSection={<IconExternalLink size={16} />}>
            {t('release.install_page')}
          </Button>
          <Button component="a" href={local(data.download_url)} leftSection={<IconDownload size={16} />} data-testid="download-release">
            {t('release.download')}
          </Button>
          <Tooltip label={denied} disabled={canEdit || app.isPending}>
            <span style={{ display: 'inline-flex' }}>
              <Button variant="default" leftSection={<IconEdit size={16} />} onClick={edit.open} disabled={!canEdit} data-testid="edit-release">
                {t('common.edit')}
              </Button>
            </span>
          </Tooltip>
          <Tooltip label={denied} disabled={canDelete || app.isPending}>
            <span style={{ display: 'inline-flex' }}>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} disabled={!canDelete} data-testid="delete-release">
                {t('common.delete')}
              </Button>
            </span>
          </Tooltip>
        </Group>
      </Group>

      {archived && (
        <Alert color="gray" icon={<IconArchive />}>
          {t('release.archived_hint')}
        </Alert>
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Section title={t('release.overview')} testId="release-overview">
              <Facts
                facts={[
                  [t('release.fields.version'), `#${data.version}`],
                  [t('release.fields.release_version'), data.release_version],
                  [t('release.fields.build_version'), data.build_version],
                  [t('release.fields.bundle_id'), data.bundle_id],
                  [t('release.platform'), `${data.platform} · ${data.device_type}`],
                  [t('release.min_os'), data.min_os_version],
                  [t('release.size'), formatBytes(data.size)],
                  [t('release.uploaded'), formatDate(data.created_at)],
                  [t('release.fields.release_type'), data.release_type],
                  [
                    t('release.fields.branch'),
                    data.branch && (
                      <Anchor component={Link} to={`${channelPath}?branch=${encodeURIComponent(data.branch)}`} size="sm">
                        {data.branch}
                      </Anchor>
                    ),
                  ],
                  [
                    t('release.fields.git_commit'),
                    data.git_commit &&
                      (commit ? (
                        <Anchor href={commit} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
                          {data.git_commit}
                        </Anchor>
                      ) : (
                        <Text span ff="monospace" size="sm">
                          {data.git_commit}
                        </Text>
                      )),
                  ],
                  [
                    t('release.fields.ci_url'),
                    data.ci_url &&
                      (/^https?:\/\//.test(data.ci_url) ? (
                        <Anchor href={data.ci_url} target="_blank" rel="noopener noreferrer" size="sm">
                          {data.ci_url}
                        </Anchor>
                      ) : (
                        data.ci_url
                      )),
                  ],
                  [t('release.source'), data.source],
                  [t('release.file_name'), data.file_name],
                  [
                    t('release.checksum'),
                    <Group gap={4} wrap="nowrap">
                      <Text span ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
                        {data.checksum}
                      </Text>
                      <CopyAction value={data.checksum} label={t('release.copy_checksum')} />
                    </Group>,
                  ],
                  [t('release.downloads'), String(data.download_count)],
                  [t('release.installs'), data.platform === 'iOS' ? String(data.install_count) : undefined],
                ]}
              />
            </Section>
            <PlatformDetails metadata={metadata} />
            <Section title={t('release.raw')}>
              <details>
                <summary style={{ cursor: 'pointer' }}>
                  <Text span size="sm">
                    {t('release.raw_hint')}
                  </Text>
                </summary>
                <Text component="pre" size="xs" ff="monospace" style={{ overflowX: 'auto', maxHeight: 480, whiteSpace: 'pre' }}>
                  {JSON.stringify(metadata, null, 2)}
                </Text>
              </details>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Stack gap="sm">
                <Title order={4}>{t('release.install_title')}</Title>
                <Text size="sm" c="dimmed">
                  {data.channel.has_password ? t('release.install_guarded') : t('release.install_open')}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Anchor href={data.release_url} target="_blank" rel="noopener" size="sm" style={{ wordBreak: 'break-all' }} data-testid="release-link">
                    {data.release_url}
                  </Anchor>
                  <CopyAction value={data.release_url} label={t('release.copy_link')} />
                </Group>
                <Center>
                  <Image
                    src={`/channels/${encodeURIComponent(data.channel.slug)}/releases/${data.id}/qrcode?format=svg&theme=${scheme}`}
                    alt={t('release.qr_alt')}
                    w={180}
                    h={180}
                    fit="contain"
                  />
                </Center>
              </Stack>
            </Card>
            <ReleaseDebugFiles appId={data.app.id} deviceType={data.channel.device_type} releaseVersion={data.release_version} buildVersion={data.build_version} />
            <Section title={t('release.changelog')} testId="changelog">
              {data.changelog.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('release.no_changelog')}
                </Text>
              ) : (
                <List size="sm" spacing={4}>
                  {data.changelog.map((entry, index) => (
                    <List.Item key={index}>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {entry.message}
                      </Text>
                      {(entry.author || entry.date) && (
                        <Text size="xs" c="dimmed">
                          {[entry.author, entry.date].filter(Boolean).join(' · ')}
                        </Text>
                      )}
                    </List.Item>
                  ))}
                </List>
              )}
            </Section>
            <Section title={t('release.custom_fields')} testId="custom-fields">
              <CustomFields view={data.custom_fields_view} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>

      <EditReleaseModal release={data} opened={editing} onClose={edit.close} onSaved={saved} />
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('release.delete_title', { version: data.version })}
        message={t('release.delete_confirm', { version: data.version, channel: data.channel.name })}
        confirmLabel={t('common.delete')}
        onConfirm={remove}
      />
    </Stack>
  );
}
