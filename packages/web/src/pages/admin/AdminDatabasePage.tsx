// /admin/database: the tables with their rows and sizes (sortable by each column), and on
// PostgreSQL the slowest statements from pg_stat_statements, or how to turn it on. Administrators
// only (anyone else gets the 404 screen, as the API answers them 403).
import { Code, Group, List, SegmentedControl, Stack, Table, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session.ts';
import { useDatabaseStatements, useDatabaseView } from '../../api/system.ts';
import type { DatabaseStatements, DatabaseView } from '../../api/system.ts';
import { QueryBody } from '../../components/ListParts.tsx';
import { EmptyState } from '../../components/PageState.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatBytes } from '../../format.ts';
import { useTitle } from '../../hooks/page.ts';
import NotFoundPage from '../NotFoundPage.tsx';

type Column = 'name' | 'rows' | 'bytes';
type TableRow = DatabaseView['tables'][number];

function compare(column: Column, a: TableRow, b: TableRow): number {
  if (column === 'name') return a.name.localeCompare(b.name);
  return (a[column] ?? -1) - (b[column] ?? -1);
}

function TablesTable({ view }: { view: DatabaseView }) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({ column: 'bytes', descending: true });
  const rows = [...view.tables].sort((a, b) => (sort.descending ? -1 : 1) * compare(sort.column, a, b));
  const number = new Intl.NumberFormat(i18n.language);
  const header = (column: Column) => {
    const active = sort.column === column;
    const Arrow = sort.descending ? IconArrowDown : IconArrowUp;
    return (
      <Table.Th aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <UnstyledButton
          onClick={() => setSort({ column, descending: active ? !sort.descending : column !== 'name' })}
          fw={600} fz="sm"
        >
          <Group gap={4} wrap="nowrap">
            {t(`system.database.columns.${column}`)}
            {active && <Arrow size={14} aria-hidden />}
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Stack gap="xs">
      <Text size="sm">{t('system.database.total', { size: formatBytes(view.total_bytes), count: view.tables.length })}</Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" aria-label={t('system.database.tables_label')}>
          <Table.Thead>
            <Table.Tr>{header('name')}{header('rows')}{header('bytes')}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((table) => (
              <Table.Tr key={table.name} data-table={table.name}>
                <Table.Td><Code>{table.name}</Code></Table.Td>
                <Table.Td>{table.rows_exact ? number.format(table.rows) : t('system.database.estimate', { value: number.format(table.rows) })}</Table.Td>
                <Table.Td>{formatBytes(table.bytes)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function TurnOnHint({ answer }: { answer: DatabaseStatements }) {
  const { t } = useTranslation();
  const sqlite = answer.reason === 'sqlite';
  return (
    <SectionCard title={t(sqlite ? 'system.database.statements.sqlite_title' : 'system.database.statements.off_title')} description={answer.message}>
      {!sqlite && (
        <List type="ordered" size="sm" spacing="xs">
          <List.Item>{t('system.database.statements.step_preload')} <Code>shared_preload_libraries = 'pg_stat_statements'</Code></List.Item>
          <List.Item>{t('system.database.statements.step_extension')} <Code>CREATE EXTENSION IF NOT EXISTS pg_stat_statements;</Code></List.Item>
          <List.Item>{t('system.database.statements.step_role')} <Code>pg_read_all_stats</Code></List.Item>
        </List>
      )}
    </SectionCard>
  );
}

function Statements({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<'mean' | 'total'>('mean');
  const statements = useDatabaseStatements(sort, enabled);
  return (
    <QueryBody query={statements}>
      {(answer) => answer.available ? (
        <Stack gap="xs">
          <SegmentedControl
            aria-label={t('system.database.statements.sort')}
            value={sort}
            onChange={(value) => setSort(value)}
            data={[{ value: 'mean', label: t('system.database.statements.by_mean') }, { value: 'total', label: t('system.database.statements.by_total') }]}
            w="fit-content"
          />
          {(answer.statements ?? []).length === 0 ? <EmptyState title={t('system.database.statements.none')} /> : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" aria-label={t('system.database.statements.label')}>
                <Table.Thead>
                  <Table.Tr>
                    {(['query', 'calls', 'mean', 'total'] as const).map((column) => <Table.Th key={column}>{t(`system.database.statements.columns.${column}`)}</Table.Th>)}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(answer.statements ?? []).map((statement, index) => (
                    <Table.Tr key={index}>
                      <Table.Td><Code block style={{ whiteSpace: 'pre-wrap', maxWidth: 560 }}>{statement.query}</Code></Table.Td>
                      <Table.Td>{statement.calls}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{statement.mean_ms.toFixed(2)} ms</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{statement.total_ms.toFixed(1)} ms</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ) : <TurnOnHint answer={answer} />}
    </QueryBody>
  );
}

function DatabaseAdmin() {
  const { t } = useTranslation();
  useTitle(t('system.database.title'));
  const view = useDatabaseView();
  const [tab, setTab] = useState<string | null>('tables');
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">{t('system.database.title')}</Title>
        <Text c="dimmed">{t('system.database.subtitle')}</Text>
      </div>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="tables">{t('system.database.tabs.tables')}</Tabs.Tab>
          <Tabs.Tab value="statements">{t('system.database.tabs.statements')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tables" pt="md">
          <QueryBody query={view}>{(data) => <TablesTable view={data} />}</QueryBody>
        </Tabs.Panel>
        <Tabs.Panel value="statements" pt="md">
          <Statements enabled={tab === 'statements'} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen (the page does not exist for them). */
export default function AdminDatabasePage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <DatabaseAdmin /> : <NotFoundPage />;
}
