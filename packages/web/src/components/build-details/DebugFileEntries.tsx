// What a crash reporter matches in a debug file: a dSYM's slices (object, architecture, UUID,
// bundle, size) as one table, or a Proguard mapping's ids, package and the files in the zip. The
// debug file page shows a stored file's entries; the teardown screen those of a file it read.
import { Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DebugFile, DebugFileEntry } from '../../api/debugFiles.ts';
import { formatBytes } from '../../format.ts';
import { Facts } from './Facts.tsx';

/** One slice of a dSYM as the table shows it. */
export type DsymRow = Pick<DebugFileEntry, 'name' | 'extension' | 'arch' | 'uuid' | 'bundle_name' | 'bundle_id' | 'size'> & { key: string | number };
/** A Proguard mapping as the facts show it. */
export type ProguardRow = Pick<DebugFileEntry, 'uuid' | 'zealot_uuid' | 'package_name' | 'size' | 'files'> & { key: string | number };

export function DsymEntries({ entries }: { entries: DsymRow[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label={t('debug_files.detail.entries')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('debug_files.detail.object')}</Table.Th>
            <Table.Th>{t('debug_files.detail.arch')}</Table.Th>
            <Table.Th>{t('debug_files.detail.uuid')}</Table.Th>
            <Table.Th>{t('debug_files.detail.bundle')}</Table.Th>
            <Table.Th>{t('debug_files.detail.size')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.key}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {entry.name}
                  </Text>
                  <Badge size="xs" variant={entry.extension ? 'outline' : 'filled'} color={entry.extension ? 'gray' : 'blue'} tt="none">
                    {entry.extension ? t('debug_files.detail.extension') : t('debug_files.detail.main')}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray" tt="none">
                  {entry.arch}
                </Badge>
              </Table.Td>
              <Table.Td>
                {entry.uuid ? (
                  <Code>{entry.uuid}</Code>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('debug_files.no_uuid')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {entry.bundle_name}
                </Text>
                {entry.bundle_id && (
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {entry.bundle_id}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(entry.size)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ProguardEntries({ entries }: { entries: ProguardRow[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {entries.map((entry) => (
        <Stack key={entry.key} gap="sm">
          <Facts
            labelWidth="35%"
            facts={[
              [t('debug_files.detail.debug_id'), entry.uuid && <Code>{entry.uuid}</Code>],
              [t('debug_files.detail.zealot_id'), entry.zealot_uuid && <Code>{entry.zealot_uuid}</Code>],
              [t('debug_files.detail.package'), entry.package_name ?? t('debug_files.detail.no_package')],
              [t('debug_files.detail.mapping_size'), formatBytes(entry.size)],
            ]}
          />
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={4} aria-label={t('debug_files.detail.files')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('debug_files.detail.files')}</Table.Th>
                  <Table.Th>{t('debug_files.detail.size')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(entry.files ?? []).map((item) => (
                  <Table.Tr key={item.name}>
                    <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {item.name}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(item.size)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
    </Stack>
  );
}

/** The entries as the file's kind shows them. */
export function DebugFileEntriesOf({ file }: { file: DebugFile }) {
  const entries = file.metadata.map((entry) => ({ ...entry, key: entry.id }));
  return file.category === 'dSYM' ? <DsymEntries entries={entries} /> : <ProguardEntries entries={entries} />;
}
