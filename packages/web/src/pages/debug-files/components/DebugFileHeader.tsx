// The top of a debug file's screen: where it is (debug files of the app › app › version), what
// it is (name, bundle id, kind, version, platform, architectures), its download and its delete
// (disabled, with the reason, for those who may not).
import { Anchor, Badge, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { versionLabel } from '../../../api/debugFiles.ts';
import { ReasonButton } from '../../../components/ReasonButton.tsx';
import type { DebugFile } from '../../../api/debugFiles.ts';
import { platformName } from '../../../platforms.ts';

export function DebugFileBreadcrumbs({ file }: { file: DebugFile }) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }} aria-label={t('debug_files.detail.breadcrumbs')}>
      <Anchor component={Link} to={`/debug-files?app=${file.app_id}`} size="sm">
        {t('debug_files.title')}
      </Anchor>
      <Anchor component={Link} to={`/apps/${file.app_id}`} size="sm">
        {file.app_name}
      </Anchor>
      <Text size="sm">{versionLabel(file) ?? t('debug_files.list.no_version')}</Text>
    </Breadcrumbs>
  );
}

function DebugFileBadges({ file }: { file: DebugFile }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Badge variant="filled" color={file.category === 'dSYM' ? 'blue' : 'green'} tt="none">
        {file.category}
      </Badge>
      <Badge variant="light" tt="none">
        {versionLabel(file) ?? t('debug_files.list.no_version')}
      </Badge>
      <Badge variant="light" color="gray" tt="none">
        {platformName(file.device_type)}
      </Badge>
      {file.archs.map((arch) => (
        <Badge key={arch} variant="outline" color="gray" tt="none">
          {arch}
        </Badge>
      ))}
    </Group>
  );
}

export function DebugFileHeader({ file, onDelete }: { file: DebugFile; onDelete: () => void }) {
  const { t } = useTranslation();
  const canDelete = file.permissions?.delete ?? false;
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
          {file.name ?? file.file_name}
        </Title>
        {file.bundle_id && (
          <Text c="dimmed" size="sm" style={{ wordBreak: 'break-all' }}>
            {file.bundle_id}
          </Text>
        )}
        <DebugFileBadges file={file} />
      </Stack>
      <Group gap="xs">
        <Button component="a" href={`/download/debug_files/${file.id}`} leftSection={<IconDownload size={16} />}>
          {t('debug_files.detail.download')}
        </Button>
        <ReasonButton
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={onDelete}
          unavailable={!canDelete}
          reason={t('debug_files.detail.not_allowed')}
        >
          {t('common.delete')}
        </ReasonButton>
      </Group>
    </Group>
  );
}
