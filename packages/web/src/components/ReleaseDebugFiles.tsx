// The debug files of one build, for its release screen: the app's dSYM or Proguard files with
// the same platform and versions, with their UUIDs, each linking to its screen. Self-contained:
// it asks GET /api/debug_files itself and shows nothing for platforms without debug files.
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/error-text.ts';
import { Link } from 'react-router';
import { DEBUG_FILE_PLATFORMS, useDebugFiles } from '../api/debugFiles.ts';
import type { DebugFilePlatform } from '../api/debugFiles.ts';
import { DebugFileUuids } from '../pages/debug-files/components/DebugFileUuids.tsx';
import { formatBytes } from '../format.ts';

interface Props {
  appId: number;
  /** The channel's platform. */
  deviceType: string;
  releaseVersion: string | null;
  buildVersion: string | null;
}

export function ReleaseDebugFiles({ appId, deviceType, releaseVersion, buildVersion }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const supported = (DEBUG_FILE_PLATFORMS as readonly string[]).includes(deviceType) && Boolean(releaseVersion);
  const filter = {
    device_type: deviceType as DebugFilePlatform,
    release_version: releaseVersion ?? undefined,
    build_version: buildVersion ?? undefined,
  };
  // Its own size: a release's card shows only the first few files, with a link to the full list.
  const files = useDebugFiles(supported ? appId : null, filter, 1, 10);
  if (!supported) return null;
  const items = files.data?.items ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4} id={titleId}>
            {t('debug_files.release.title')}
          </Title>
          <Anchor component={Link} to={`/debug-files?app=${appId}&platform=${deviceType}`} size="sm">
            {t('debug_files.release.all')}
          </Anchor>
        </Group>
        {files.isError ? (
          <Text size="sm" c="red">
            {errorText(files.error)}
          </Text>
        ) : files.isPending ? (
          <Text size="sm" c="dimmed">
            {t('common.loading')}
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(deviceType === 'android' ? 'debug_files.release.none_android' : 'debug_files.release.none_apple')}
          </Text>
        ) : (
          items.map((file) => (
            <Stack key={file.id} gap={4}>
              <Group gap={6} wrap="nowrap">
                <Badge variant="light" color={file.category === 'dSYM' ? 'blue' : 'green'} tt="none">
                  {file.category}
                </Badge>
                <Anchor component={Link} to={`/debug-files/${file.id}`} size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                  {file.name ?? file.file_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.file_size)}
                </Text>
              </Group>
              <DebugFileUuids file={file} limit={3} />
            </Stack>
          ))
        )}
        {files.data && files.data.total > items.length && (
          <Text size="xs" c="dimmed">
            {t('debug_files.release.more', { count: files.data.total - items.length })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
