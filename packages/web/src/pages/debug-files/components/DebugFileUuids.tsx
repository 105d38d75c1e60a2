// A debug file's UUIDs with what each belongs to: the slice's architecture (and object, when
// the file holds several), or "mapping" for a Proguard file. What a crash report is matched by.
import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DebugFile } from '../../../api/debugFiles.ts';

export function DebugFileUuids({ file, limit }: { file: DebugFile; limit?: number }) {
  const { t } = useTranslation();
  const objects = new Set(file.metadata.map((entry) => entry.name ?? entry.package_name));
  const rows = file.metadata.filter((entry) => entry.uuid !== null);
  const shown = limit === undefined ? rows : rows.slice(0, limit);
  if (rows.length === 0) return <Text size="sm" c="dimmed">{t('debug_files.no_uuid')}</Text>;
  return (
    <Stack gap={4}>
      {shown.map((entry) => (
        <Group key={entry.id} gap={6} wrap="nowrap">
          <Code style={{ whiteSpace: 'nowrap' }}>{entry.uuid}</Code>
          <Badge size="sm" variant="outline" color="gray" tt="none">
            {entry.category === 'Proguard' ? t('debug_files.mapping') : entry.arch}
          </Badge>
          {objects.size > 1 && entry.name && (
            <Text size="xs" c="dimmed" truncate>
              {entry.name}
            </Text>
          )}
        </Group>
      ))}
      {rows.length > shown.length && (
        <Text size="xs" c="dimmed">
          {t('debug_files.more_uuids', { count: rows.length - shown.length })}
        </Text>
      )}
    </Stack>
  );
}
