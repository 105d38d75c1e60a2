// The body of the debug files screen once an app is chosen: its files grouped by version with
// the total and the pager; when it has none, why (none at all, none for the platform) with the
// upload button and how to send them from CI; a page past the end leads back to the first.
import { Button, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AppDetail, Channel } from '../../../api/apps.ts';
import { useDebugFiles } from '../../../api/debugFiles.ts';
import type { DebugFilePlatform } from '../../../api/debugFiles.ts';
import { ListPagination, PastEndState, QueryBody } from '../../../components/ListParts.tsx';
import { EmptyState } from '../../../components/PageState.tsx';
import type { ListParams } from '../../../hooks/useListParams.ts';
import { UploadHelp } from './UploadHelp.tsx';
import { groupByVersion, VersionGroup } from './VersionGroup.tsx';
import { platformName } from '../../../platforms.ts';

interface NoFilesProps {
  app: AppDetail | undefined;
  platform: DebugFilePlatform | undefined;
  channels: Channel[];
  canUpload: boolean;
  onUpload: () => void;
}

function NoFiles({ app, platform, channels, canUpload, onUpload }: NoFilesProps) {
  const { t } = useTranslation();
  const title = platform
    ? t('debug_files.empty.none_for_platform', { platform: platformName(platform) })
    : t('debug_files.empty.none', { app: app?.name ?? '' });
  const upload = (
    <Button leftSection={<IconUpload size={16} />} onClick={onUpload}>
      {t('debug_files.upload.button')}
    </Button>
  );
  return (
    <Stack align="center" gap="md">
      <EmptyState title={title} description={canUpload ? t('debug_files.empty.hint') : t('debug_files.empty.member_hint')} action={canUpload ? upload : undefined} />
      <UploadHelp channels={channels} />
    </Stack>
  );
}

export function DebugFilesList({ appId, list, ...none }: NoFilesProps & { appId: number; list: ListParams }) {
  const { t } = useTranslation();
  const files = useDebugFiles(appId, { device_type: none.platform }, list.page);
  const firstPage = () => list.setParam({ page: undefined }, { push: true });
  return (
    <QueryBody query={files} isEmpty={(data) => data.items.length === 0 && data.total === 0} empty={<NoFiles {...none} />}>
      {(data) =>
        data.items.length === 0 ? (
          <PastEndState page={list.page} onFirstPage={firstPage} />
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed" role="status">
              {t('debug_files.list.total', { count: data.total })}
            </Text>
            {groupByVersion(data.items).map((group) => (
              <VersionGroup key={group.key} group={group} />
            ))}
            <ListPagination
              totalPages={data.totalPages}
              page={list.page}
              onChange={(next) => list.setParam({ page: next === 1 ? undefined : String(next) }, { push: true })}
            />
          </Stack>
        )
      }
    </QueryBody>
  );
}
