// The debug files of one version, as a crash reporter looks them up: a card titled with the
// version (linking to its build when there is one) holding a table named after the version,
// one row per file with its kind, name, bundle id, UUIDs, size, upload time and uploader.
import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { releasePath, versionLabel } from '../../../api/debugFiles.ts';
import type { DebugFile } from '../../../api/debugFiles.ts';
import { formatBytes } from '../../../format.ts';
import { useDateFormatter } from '../../../hooks/page.ts';
import { DebugFileUuids } from './DebugFileUuids.tsx';

export interface VersionGroupData {
  key: string;
  label: string | null;
  files: DebugFile[];
}

/** Consecutive files with the same versions (the list is ordered by version). */
export function groupByVersion(files: DebugFile[]): VersionGroupData[] {
  const groups: VersionGroupData[] = [];
  for (const file of files) {
    const key = `${file.release_version ?? ''}\u0000${file.build_version ?? ''}`;
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.files.push(file);
    else groups.push({ key, label: versionLabel(file), files: [file] });
  }
  return groups;
}

function DebugFileRow({ file }: { file: DebugFile }) {
  const formatDate = useDateFormatter();
  const top = { verticalAlign: 'top' } as const;
  return (
    <Table.Tr>
      <Table.Td style={top}>
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
      <Table.Td style={top}>
        <DebugFileUuids file={file} limit={4} />
      </Table.Td>
      <Table.Td style={{ ...top, whiteSpace: 'nowrap' }}>{formatBytes(file.file_size)}</Table.Td>
      <Table.Td style={top}>
        <Text size="sm">{formatDate(file.created_at)}</Text>
        {file.uploader && (
          <Text size="xs" c="dimmed">
            {file.uploader.username}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function VersionGroup({ group }: { group: VersionGroupData }) {
  const { t } = useTranslation();
  const release = group.files.find((file) => file.release);
  const path = release ? releasePath(release) : null;
  const label = group.label ?? t('debug_files.list.no_version');
  const columns = ['file', 'uuids', 'size', 'uploaded'] as const;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {label}
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
          <Table verticalSpacing="xs" aria-label={t('debug_files.list.table', { version: label })}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{t(`debug_files.list.${column}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.files.map((file) => (
                <DebugFileRow key={file.id} file={file} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
