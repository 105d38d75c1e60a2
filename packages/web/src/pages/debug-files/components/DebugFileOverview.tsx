// What a debug file is filed under: its kind and versions, the build with the same versions
// (or that there is none), its channel, the file's name, size and checksum, and who sent it when.
import { Anchor, Code, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { releasePath } from '../../../api/debugFiles.ts';
import type { DebugFile } from '../../../api/debugFiles.ts';
import { formatBytes } from '../../../format.ts';
import { useDateFormatter } from '../../../hooks/page.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { Facts } from '../../../components/build-details/Facts.tsx';

function ReleaseLink({ file }: { file: DebugFile }) {
  const { t } = useTranslation();
  const path = releasePath(file);
  if (!path || !file.release) {
    return (
      <Text size="sm" c="dimmed">
        {t('debug_files.detail.no_release')}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={path} size="sm">
      {t('debug_files.list.build', { version: file.release.version })}
    </Anchor>
  );
}

export function DebugFileOverview({ file }: { file: DebugFile }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const channel = file.channel && (
    <Anchor component={Link} to={`/apps/${file.app_id}/channels/${file.channel.id}`} size="sm">
      {file.channel.name}
    </Anchor>
  );
  const uploaded = `${formatDate(file.created_at)}${file.uploader ? ` · ${file.uploader.username}` : ''}`;
  return (
    <SectionCard title={t('debug_files.detail.overview')}>
      <Facts
        labelWidth="35%"
        facts={[
          [t('debug_files.detail.category'), file.category],
          [t('debug_files.detail.release_version'), file.release_version],
          [t('debug_files.detail.build_version'), file.build_version],
          [t('debug_files.detail.release'), <ReleaseLink file={file} />],
          [t('debug_files.detail.channel'), channel],
          [t('debug_files.detail.file_name'), file.file_name],
          [t('debug_files.detail.size'), formatBytes(file.file_size)],
          [t('debug_files.detail.checksum'), <Code>{file.checksum}</Code>],
          [t('debug_files.detail.uploaded'), uploaded],
        ]}
      />
    </SectionCard>
  );
}
