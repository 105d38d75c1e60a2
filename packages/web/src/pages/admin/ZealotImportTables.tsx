// The two tables of /admin/zealot-import: rows per Zealot table and outcome (a table's name filters
// the list below to it), and the rows not simply imported, each with its outcome, why, when, and a
// link to what it became in Tarmac (none when it was skipped, refused or deleted since).
import { Anchor, Badge, Code, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IMPORT_OUTCOMES } from '../../api/zealot-import.ts';
import type { ImportOutcome, ImportRow, ImportTableCounts } from '../../api/zealot-import.ts';
import { useDateFormatter } from '../../hooks/page.ts';

export const OUTCOME_COLORS: Record<ImportOutcome, string> = { imported: 'teal', merged: 'blue', skipped: 'gray', refused: 'red' };

export function ImportCountsTable({ tables, filterHref }: { tables: ImportTableCounts[]; filterHref: (table: string) => string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label={t('zealot_import.counts.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('zealot_import.counts.table')}</Table.Th>
              {IMPORT_OUTCOMES.map((outcome) => (
                <Table.Th key={outcome} ta="right">{t(`zealot_import.outcomes.${outcome}`)}</Table.Th>
              ))}
              <Table.Th ta="right">{t('zealot_import.counts.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tables.map((entry) => (
              <Table.Tr key={entry.table}>
                <Table.Td>
                  {entry.noted > 0 ? (
                    <Anchor component={Link} to={filterHref(entry.table)} title={t('zealot_import.counts.show', { table: entry.table })}>
                      {entry.table}
                    </Anchor>
                  ) : (
                    entry.table
                  )}
                </Table.Td>
                {IMPORT_OUTCOMES.map((outcome) => (
                  <Table.Td key={outcome} ta="right" c={entry[outcome] === 0 ? 'dimmed' : undefined}>
                    {entry[outcome]}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={600}>{entry.total}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function RowLink({ row }: { row: ImportRow }) {
  const { t } = useTranslation();
  if (!row.link) return <Text size="sm" c="dimmed">{t('zealot_import.rows.nowhere')}</Text>;
  return (
    <Anchor component={Link} to={row.link} size="sm">
      {t('zealot_import.rows.open')}
      <VisuallyHidden>{` ${row.table} ${row.source_id}`}</VisuallyHidden>
    </Anchor>
  );
}

export function ImportRowsTable({ rows, busy }: { rows: ImportRow[]; busy: boolean }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('zealot_import.rows.label')} aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('zealot_import.rows.row')}</Table.Th>
              <Table.Th>{t('zealot_import.rows.outcome')}</Table.Th>
              <Table.Th>{t('zealot_import.rows.detail')}</Table.Th>
              <Table.Th>{t('zealot_import.rows.when')}</Table.Th>
              <Table.Th>{t('zealot_import.rows.link')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.table}/${row.source_id}`}>
                <Table.Td>
                  <Code>{row.table}</Code> <Text span size="sm">#{row.source_id}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME_COLORS[row.outcome]} variant="light">{t(`zealot_import.outcomes.${row.outcome}`)}</Badge>
                </Table.Td>
                <Table.Td maw={420}>
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>{row.detail ?? ''}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <RowLink row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
