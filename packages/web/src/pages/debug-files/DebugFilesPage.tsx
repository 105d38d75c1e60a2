// /debug-files?app=<id>&platform=<ios|android|macos>&page=<n>: one app's dSYM and Proguard
// files, grouped by version (highest first) with their UUIDs and architectures, as a crash
// reporter looks them up. The app, platform and page live in the URL so a view can be shared.
// Developers and admins upload here (with progress); an app without files shows how to send
// them from fastlane or curl.
import { Button, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../api/apps.ts';
import type { AppDetail, Channel } from '../../api/apps.ts';
import { DEBUG_FILE_PLATFORMS, useDebugFileApps } from '../../api/debugFiles.ts';
import type { DebugFilePlatform } from '../../api/debugFiles.ts';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import { EmptyState, ErrorState, PageLoader } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import type { ListParams } from '../../hooks/useListParams.ts';
import { DebugFilesList } from './components/DebugFilesList.tsx';
import { UploadDebugFileModal } from './components/UploadDebugFileModal.tsx';
import { platformName } from '../../platforms.ts';

/** The app's channels a debug file can be uploaded with (a key is shown to developers and admins only). */
export function uploadChannels(app: AppDetail | undefined): (Channel & { scheme: string })[] {
  if (!app) return [];
  const platforms: readonly string[] = DEBUG_FILE_PLATFORMS;
  return app.schemes.flatMap((scheme) =>
    scheme.channels
      .filter((channel) => channel.key && platforms.includes(channel.device_type))
      .map((channel) => ({ ...channel, scheme: scheme.name })),
  );
}

/** The app chosen in the URL, or null. */
function appIdOf(list: ListParams): number | null {
  const value = Number.parseInt(list.params.get('app') ?? '', 10);
  return Number.isInteger(value) && value > 0 ? value : null;
}

function platformOf(list: ListParams): DebugFilePlatform | undefined {
  const value = list.params.get('platform') ?? '';
  return (DEBUG_FILE_PLATFORMS as readonly string[]).includes(value) ? (value as DebugFilePlatform) : undefined;
}

interface FiltersProps {
  list: ListParams;
  appId: number | null;
  platform: DebugFilePlatform | undefined;
  app: AppDetail | undefined;
  apps: ReturnType<typeof useDebugFileApps>;
  search: string;
  setSearch: (value: string) => void;
}

function DebugFilesFilters({ list, appId, platform, app, apps, search, setSearch }: FiltersProps) {
  const { t } = useTranslation();
  const archived = (name: string) => `${name} (${t('debug_files.archived')})`;
  const items = apps.data?.items ?? [];
  const options = items.map((item) => ({ value: String(item.id), label: item.archived ? archived(item.name) : item.name }));
  // The app in the URL, even when the search does not find it.
  if (app && !options.some((option) => option.value === String(app.id))) options.unshift({ value: String(app.id), label: app.name });
  const platforms = DEBUG_FILE_PLATFORMS.map((type) => ({ value: type, label: platformName(type) }));
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label={t('debug_files.app')}
        placeholder={t('debug_files.choose_app')}
        data={options}
        value={appId === null ? null : String(appId)}
        onChange={(value) => list.setParam({ app: value ?? undefined, page: undefined }, { push: true })}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={t('debug_files.no_app_match')}
        w={{ base: '100%', xs: 320 }}
      />
      <SegmentedControl
        aria-label={t('debug_files.platform')}
        value={platform ?? 'all'}
        onChange={(value) => list.setParam({ platform: value === 'all' ? undefined : value, page: undefined }, { push: true })}
        data={[{ value: 'all', label: t('debug_files.all_platforms') }, ...platforms]}
      />
    </Group>
  );
}

function NoApps() {
  const { t } = useTranslation();
  const toApps = (
    <Button component={Link} to="/apps" variant="light">
      {t('debug_files.empty.to_apps')}
    </Button>
  );
  return <EmptyState title={t('debug_files.empty.no_apps')} description={t('debug_files.empty.no_apps_hint')} action={toApps} />;
}

export default function DebugFilesPage() {
  const { t } = useTranslation();
  useTitle(t('debug_files.title'));
  const list = useListParams();
  const appId = appIdOf(list);
  const platform = platformOf(list);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const apps = useDebugFileApps(debounced);
  const app = useApp(appId ?? 0);
  const [uploading, setUploading] = useState(false);

  // No app chosen: the first one the caller can see.
  const firstApp = apps.data?.items[0]?.id;
  useEffect(() => {
    if (appId === null && firstApp !== undefined && debounced === '') list.setParam({ app: String(firstApp) });
  }, [appId, firstApp, debounced]);

  const channels = uploadChannels(app.data);
  const canUpload = channels.length > 0 && !app.data?.archived;
  const uploadHint = app.data?.archived ? t('debug_files.upload.archived') : t('debug_files.upload.not_allowed');
  const onUpload = () => setUploading(true);

  let body;
  if (apps.isPending && appId === null) body = <PageLoader />;
  else if (apps.isError) body = <ErrorState error={apps.error} onRetry={() => void apps.refetch()} />;
  else if (appId === null && (apps.data?.total ?? 0) === 0 && debounced === '') body = <NoApps />;
  else if (appId === null) body = <EmptyState title={t('debug_files.empty.choose_app')} />;
  else if (app.isError) body = <ErrorState error={app.error} onRetry={() => void app.refetch()} />;
  else {
    const none = { app: app.data, platform, channels, canUpload, onUpload };
    body = <DebugFilesList appId={appId} list={list} {...none} />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={2}>
          <Title order={1} size="h2">{t('debug_files.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('debug_files.subtitle')}
          </Text>
        </Stack>
        <ReasonButton
          leftSection={<IconUpload size={16} />}
          onClick={onUpload}
          unavailable={!canUpload}
          reason={appId === null || app.isPending ? undefined : uploadHint}
        >
          {t('debug_files.upload.button')}
        </ReasonButton>
      </Group>
      <DebugFilesFilters list={list} appId={appId} platform={platform} app={app.data} apps={apps} search={search} setSearch={setSearch} />
      {body}
      {app.data && <UploadDebugFileModal opened={uploading} onClose={() => setUploading(false)} app={app.data} channels={channels} />}
    </Stack>
  );
}
