// /debug-files?app=<id>&platform=<ios|android|macos>&page=<n>: one app's dSYM and Proguard
// files, grouped by version (highest first) with their UUIDs and architectures, as a crash
// reporter looks them up. The app, platform and page live in the URL so a view can be shared.
// Developers and admins upload here (with progress); an app without files shows how to send
// them from fastlane or curl.
import { Anchor, Badge, Button, Card, Code, Group, Pagination, SegmentedControl, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconTerminal, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useApp } from '../../api/apps.ts';
import type { AppDetail, Channel } from '../../api/apps.ts';
import { DEBUG_FILE_PLATFORMS, releasePath, useDebugFileApps, useDebugFiles, versionLabel } from '../../api/debugFiles.ts';
import type { DebugFile, DebugFilePlatform } from '../../api/debugFiles.ts';
import { EmptyState, ErrorState, PageLoader } from '../../components/PageState.tsx';
import { formatBytes } from '../../format.ts';
import { useDateFormatter, useTitle } from '../../hooks.ts';
import { UploadDebugFileModal } from './components/UploadDebugFileModal.tsx';
import { DebugFileUuids } from './components/DebugFileUuids.tsx';

/** The app's channels a debug file can be uploaded with (a key is shown to developers and admins only). */
export function uploadChannels(app: AppDetail | undefined): (Channel & { scheme: string })[] {
  if (!app) return [];
  return app.schemes.flatMap((scheme) =>
    scheme.channels.filter((channel) => channel.key && (DEBUG_FILE_PLATFORMS as readonly string[]).includes(channel.device_type)).map((channel) => ({ ...channel, scheme: scheme.name })),
  );
}

/** How to send debug files from CI: fastlane and curl, with a real channel key when the caller may see one. */
function UploadHelp({ channels }: { channels: Channel[] }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const appleKey = channels.find((channel) => channel.device_type !== 'android')?.key ?? '<ios channel key>';
  const androidKey = channels.find((channel) => channel.device_type === 'android')?.key ?? '<android channel key>';
  const snippet = [
    `# ${t('debug_files.help.fastlane_ios')}`,
    `zealot_debug_file(endpoint: '${origin}', token: '<token>', channel_key: '${appleKey}', platform: :ios)`,
    '',
    `# ${t('debug_files.help.curl_ios')}`,
    `curl -F token=<token> -F channel_key=${appleKey} -F file=@MyApp.app.dSYM.zip ${origin}/api/debug_files/upload`,
    '',
    `# ${t('debug_files.help.curl_android')}`,
    `curl -F token=<token> -F channel_key=${androidKey} -F release_version=1.0.0 -F build_version=100 -F file=@mapping.zip ${origin}/api/debug_files/upload`,
  ].join('\n');
  return (
    <Card withBorder padding="md" w="100%" maw={860}>
      <Stack gap="xs">
        <Group gap="xs">
          <IconTerminal size={18} />
          <Text fw={600}>{t('debug_files.help.title')}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('debug_files.help.hint')}
        </Text>
        <Code block data-testid="debug-files-snippet" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {snippet}
        </Code>
        <Text size="xs" c="dimmed">
          {t('debug_files.help.token_hint')}{' '}
          <Anchor component={Link} to="/settings/tokens" size="xs">
            {t('debug_files.help.token_link')}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}

interface VersionGroupData {
  key: string;
  label: string | null;
  files: DebugFile[];
}

/** Consecutive files with the same versions (the list is ordered by version). */
function groupByVersion(files: DebugFile[]): VersionGroupData[] {
  const groups: VersionGroupData[] = [];
  for (const file of files) {
    const key = `${file.release_version ?? ''}\u0000${file.build_version ?? ''}`;
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.files.push(file);
    else groups.push({ key, label: versionLabel(file), files: [file] });
  }
  return groups;
}

function VersionGroup({ group }: { group: VersionGroupData }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const release = group.files.find((file) => file.release);
  const path = release ? releasePath(release) : null;
  return (
    <Card withBorder padding="md" data-testid="debug-file-group">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {group.label ?? t('debug_files.list.no_version')}
          </Title>
          {path && release?.release && (
            <Anchor component={Link} to={path} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconExternalLink size={14} />
                {t('debug_files.list.build', { version: release.release.version })}
              </Group>
            </Anchor>
          )}
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" aria-label={t('debug_files.list.table', { version: group.label ?? t('debug_files.list.no_version') })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('debug_files.list.file')}</Table.Th>
                <Table.Th>{t('debug_files.list.uuids')}</Table.Th>
                <Table.Th>{t('debug_files.list.size')}</Table.Th>
                <Table.Th>{t('debug_files.list.uploaded')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.files.map((file) => (
                <Table.Tr key={file.id} data-testid="debug-file-row">
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Stack gap={4}>
                      <Group gap={6} wrap="nowrap">
                        <Badge variant="light" color={file.category === 'dSYM' ? 'blue' : 'green'} tt="none">
                          {file.category}
                        </Badge>
                        <Anchor component={Link} to={`/debug-files/${file.id}`} fw={500} style={{ wordBreak: 'break-all' }}>
                          {file.name ?? file.file_name}
                        </Anchor>
                      </Group>
                      {file.bundle_id && (
                        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {file.bundle_id}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <DebugFileUuids file={file} limit={4} />
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>{formatBytes(file.file_size)}</Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Text size="sm">{formatDate(file.created_at)}</Text>
                    {file.uploader && (
                      <Text size="xs" c="dimmed">
                        {file.uploader.username}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}

export default function DebugFilesPage() {
  const { t } = useTranslation();
  useTitle(t('debug_files.title'));
  const [params, setParams] = useSearchParams();
  const appParam = Number.parseInt(params.get('app') ?? '', 10);
  const appId = Number.isInteger(appParam) && appParam > 0 ? appParam : null;
  const platformParam = params.get('platform');
  const platform = (DEBUG_FILE_PLATFORMS as readonly string[]).includes(platformParam ?? '') ? (platformParam as DebugFilePlatform) : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const apps = useDebugFileApps(debounced);
  const app = useApp(appId ?? 0);
  const filters = useMemo(() => ({ device_type: platform }), [platform]);
  const files = useDebugFiles(appId, filters, page);
  const [uploading, setUploading] = useState(false);

  function update(changes: Record<string, string | undefined>, replace = false) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  }

  // No app chosen: the first one the caller can see.
  const firstApp = apps.data?.items[0]?.id;
  useEffect(() => {
    if (appId === null && firstApp !== undefined && debounced === '') update({ app: String(firstApp) }, true);
  }, [appId, firstApp, debounced]);

  const options = useMemo(() => {
    const list = (apps.data?.items ?? []).map((item) => ({ value: String(item.id), label: item.archived ? `${item.name} (${t('debug_files.archived')})` : item.name }));
    if (app.data && !list.some((option) => option.value === String(app.data.id))) list.unshift({ value: String(app.data.id), label: app.data.name });
    return list;
  }, [apps.data, app.data, t]);

  const channels = uploadChannels(app.data);
  const canUpload = channels.length > 0 && !app.data?.archived;
  const uploadHint = app.data?.archived ? t('debug_files.upload.archived') : t('debug_files.upload.not_allowed');

  let body;
  if (apps.isPending && appId === null) body = <PageLoader />;
  else if (apps.isError) body = <ErrorState error={apps.error} onRetry={() => void apps.refetch()} />;
  else if (appId === null && (apps.data?.total ?? 0) === 0 && debounced === '')
    body = (
      <EmptyState
        title={t('debug_files.empty.no_apps')}
        description={t('debug_files.empty.no_apps_hint')}
        action={
          <Button component={Link} to="/apps" variant="light">
            {t('debug_files.empty.to_apps')}
          </Button>
        }
      />
    );
  else if (appId === null) body = <EmptyState title={t('debug_files.empty.choose_app')} />;
  else if (app.isError) body = <ErrorState error={app.error} onRetry={() => void app.refetch()} />;
  else if (files.isPending) body = <PageLoader />;
  else if (files.isError) body = <ErrorState error={files.error} onRetry={() => void files.refetch()} />;
  else if (files.data.items.length === 0) {
    if (files.data.total > 0)
      body = (
        <EmptyState
          title={t('debug_files.empty.past_end', { page })}
          action={
            <Button variant="light" onClick={() => update({ page: undefined })}>
              {t('debug_files.list.first_page')}
            </Button>
          }
        />
      );
    else
      body = (
        <Stack align="center" gap="md">
          <EmptyState
            title={platform ? t('debug_files.empty.none_for_platform', { platform: t(`apps.device.${platform}`) }) : t('debug_files.empty.none', { app: app.data?.name ?? '' })}
            description={canUpload ? t('debug_files.empty.hint') : t('debug_files.empty.member_hint')}
            action={
              canUpload ? (
                <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
                  {t('debug_files.upload.button')}
                </Button>
              ) : undefined
            }
          />
          <UploadHelp channels={channels} />
        </Stack>
      );
  } else {
    const data = files.data;
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed" data-testid="debug-files-total">
          {t('debug_files.list.total', { count: data.total })}
        </Text>
        {groupByVersion(data.items).map((group) => (
          <VersionGroup key={group.key} group={group} />
        ))}
        {data.totalPages > 1 && (
          <Group justify="center">
            <Pagination
              total={data.totalPages}
              value={page}
              onChange={(next) => update({ page: next === 1 ? undefined : String(next) })}
              getControlProps={(control) => ({ 'aria-label': t(`debug_files.list.page_${control}`) })}
              getItemProps={(n) => ({ 'aria-label': t('debug_files.list.page_n', { page: n }) })}
            />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={2}>
          <Title order={2}>{t('debug_files.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('debug_files.subtitle')}
          </Text>
        </Stack>
        <Tooltip label={uploadHint} disabled={canUpload || appId === null || app.isPending}>
          <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)} disabled={!canUpload} data-testid="open-debug-upload">
            {t('debug_files.upload.button')}
          </Button>
        </Tooltip>
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('debug_files.app')}
          placeholder={t('debug_files.choose_app')}
          data={options}
          value={appId === null ? null : String(appId)}
          onChange={(value) => update({ app: value ?? undefined, page: undefined })}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={t('debug_files.no_app_match')}
          w={{ base: '100%', xs: 320 }}
          data-testid="debug-files-app"
        />
        <SegmentedControl
          aria-label={t('debug_files.platform')}
          value={platform ?? 'all'}
          onChange={(value) => update({ platform: value === 'all' ? undefined : value, page: undefined })}
          data={[
            { value: 'all', label: t('debug_files.all_platforms') },
            ...DEBUG_FILE_PLATFORMS.map((type) => ({ value: type, label: t(`apps.device.${type}`) })),
          ]}
        />
      </Group>
      {body}
      {app.data && (
        <UploadDebugFileModal opened={uploading} onClose={() => setUploading(false)} app={app.data} channels={channels} />
      )}
    </Stack>
  );
}
