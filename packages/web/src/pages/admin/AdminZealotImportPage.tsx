// /admin/zealot-import: what `tarmac import zealot` did, for administrators (anyone else gets the 404
// screen, as the API answers them 403), to come back to days after the import: when it ran, rows per
// Zealot table and outcome, and the rows not simply imported (?outcome=, ?table=, ?page= in the URL),
// each linked to what it became. Before any import: how to run one, and the docs page to read.
import { Code, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session.ts';
import { IMPORT_OUTCOMES, useImportRows, useImportSummary } from '../../api/zealot-import.ts';
import type { ImportOutcome, ImportSummary } from '../../api/zealot-import.ts';
import { CliHelpCard } from '../../components/CliHelpCard.tsx';
import { ListPagination, NoMatchState, PastEndState, QueryBody } from '../../components/ListParts.tsx';
import { EmptyState } from '../../components/PageState.tsx';
import { useDateFormatter, useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import type { ListParams } from '../../hooks/useListParams.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { ImportCountsTable, ImportRowsTable } from './ZealotImportTables.tsx';

const DOCS_PAGE = 'docs/migrating-from-zealot.md';
const COMMANDS = [
  'tarmac import zealot --dry-run --database-url postgres://zealot@zealot-db/zealot --uploads /srv/zealot/public/uploads',
  'tarmac import zealot --database-url postgres://zealot@zealot-db/zealot --uploads /srv/zealot/public/uploads',
  'tarmac import zealot --backup /srv/backups/1767225600_2026_01_01_6.2.0_zealot_backup.tar',
];

function NothingImported() {
  const { t } = useTranslation();
  return (
    <Stack>
      <EmptyState title={t('zealot_import.empty.title')} description={t('zealot_import.empty.description')} />
      <CliHelpCard
        title={t('zealot_import.cli.title')}
        hint={t('zealot_import.cli.hint')}
        lines={COMMANDS}
        footer={
          <Text size="xs" c="dimmed">
            {t('zealot_import.cli.docs')} <Code>{DOCS_PAGE}</Code>
          </Text>
        }
      />
    </Stack>
  );
}

function outcomeOf(value: string | null): ImportOutcome | '' {
  return (IMPORT_OUTCOMES as readonly string[]).includes(value ?? '') ? (value as ImportOutcome) : '';
}

function RowFilters({ list, tables, outcome, table }: { list: ListParams; tables: string[]; outcome: string; table: string }) {
  const { t } = useTranslation();
  const outcomes = IMPORT_OUTCOMES.map((value) => ({ value, label: t(`zealot_import.outcomes.${value}`) }));
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('zealot_import.filters.outcome')}
        data={[{ value: '', label: t('zealot_import.filters.all_outcomes') }, ...outcomes]}
        value={outcome}
        onChange={(value) => list.setParam({ outcome: value ?? '', page: '' })}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label={t('zealot_import.filters.table')}
        data={[{ value: '', label: t('zealot_import.filters.all_tables') }, ...tables.map((value) => ({ value, label: value }))]}
        value={table}
        onChange={(value) => list.setParam({ table: value ?? '', page: '' })}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
    </Group>
  );
}

function ImportRows({ summary, list }: { summary: ImportSummary; list: ListParams }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(list.params.get('outcome'));
  const tableParam = list.params.get('table') ?? '';
  const tables = summary.tables.map((entry) => entry.table);
  const table = tables.includes(tableParam) ? tableParam : '';
  const rows = useImportRows({ outcome, table, page: list.page });
  const filtered = outcome !== '' || table !== '';
  const empty = rows.data && rows.data.total > 0
    ? <PastEndState page={list.page} onFirstPage={() => list.setParam({ page: undefined })} />
    : filtered
      ? <NoMatchState title={t('zealot_import.rows.none_found')} clearLabel={t('zealot_import.rows.clear_filters')} onClear={() => list.clear(['outcome', 'table'])} />
      : <EmptyState title={t('zealot_import.rows.nothing')} />;
  return (
    <Stack>
      <div>
        <Title order={2} size="h3">{t('zealot_import.rows.title')}</Title>
        <Text size="sm" c="dimmed">{t('zealot_import.rows.hint')}</Text>
      </div>
      <RowFilters list={list} tables={tables} outcome={outcome} table={table} />
      <QueryBody query={rows} isEmpty={(data) => data.items.length === 0} empty={empty}>
        {(data) => <ImportRowsTable rows={data.items} busy={rows.isFetching} />}
      </QueryBody>
      {rows.data && (
        <ListPagination
          totalPages={rows.data.totalPages}
          page={list.page}
          onChange={(value) => list.setParam({ page: value === 1 ? undefined : String(value) })}
          aside={<Text size="sm" c="dimmed">{t('zealot_import.rows.total', { count: rows.data.total })}</Text>}
        />
      )}
    </Stack>
  );
}

function Imported({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const list = useListParams();
  const filterHref = (table: string) => `?table=${encodeURIComponent(table)}`;
  return (
    <Stack gap="lg">
      <Text size="sm">{t('zealot_import.span', { first: formatDate(summary.first_at), last: formatDate(summary.last_at) })}</Text>
      <Stack gap="xs">
        <Title order={2} size="h3">{t('zealot_import.counts.title')}</Title>
        <ImportCountsTable tables={summary.tables} filterHref={filterHref} />
      </Stack>
      <ImportRows summary={summary} list={list} />
    </Stack>
  );
}

function ZealotImportAdmin() {
  const { t } = useTranslation();
  useTitle(t('zealot_import.title'));
  const summary = useImportSummary();
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">{t('zealot_import.title')}</Title>
        <Text c="dimmed">{t('zealot_import.subtitle')}</Text>
      </div>
      <QueryBody query={summary}>{(data) => (data.imported ? <Imported summary={data} /> : <NothingImported />)}</QueryBody>
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen (the page does not exist for them). */
export default function AdminZealotImportPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <ZealotImportAdmin /> : <NotFoundPage />;
}
