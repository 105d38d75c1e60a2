// /admin/logs: the recent log lines of the server process that answers, for administrators (anyone
// else gets the 404 screen). Level badges, time, message, request id (a button that filters by
// it); a line opens to its JSON. A level select, a search, and auto-refresh every 2 s that pauses
// while a line is open.
import { Alert, Badge, Button, Code, Group, Paper, Select, Stack, Switch, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOG_LEVELS, useLogLines } from '../../api/logs.ts';
import type { LogLevel, LogLine } from '../../api/logs.ts';
import { useCurrentUser } from '../../api/session.ts';
import { QueryBody } from '../../components/ListParts.tsx';
import { EmptyState } from '../../components/PageState.tsx';
import { useDateFormatter, useTitle } from '../../hooks/page.ts';
import NotFoundPage from '../NotFoundPage.tsx';

const LEVEL_COLORS: Record<LogLevel, string> = { trace: 'gray', debug: 'gray', info: 'blue', warn: 'yellow', error: 'red', fatal: 'red' };

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

interface LineRowProps {
  line: LogLine;
  open: boolean;
  onToggle: () => void;
  onRequest: (id: string) => void;
}

function LineRow({ line, open, onToggle, onRequest }: LineRowProps) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const detail = [line.method, line.url, line.status].filter((part) => part !== null).join(' ');
  const requestId = line.request_id;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <Badge color={LEVEL_COLORS[line.level]} variant={line.level === 'error' || line.level === 'fatal' ? 'filled' : 'light'}>
            {t(`jobs.logs.levels.${line.level}`)}
          </Badge>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.time)}</Table.Td>
        <Table.Td>
          <UnstyledButton onClick={onToggle} aria-expanded={open}>
            <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
              {line.msg || t('jobs.logs.no_message')}
            </Text>
          </UnstyledButton>
          {(detail || line.error) && (
            <Text size="xs" c={line.error ? 'var(--mantine-color-error)' : 'dimmed'} style={{ wordBreak: 'break-all' }}>
              {[detail, line.error].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          {requestId && (
            <Button variant="subtle" size="compact-xs" onClick={() => onRequest(requestId)} aria-label={t('jobs.logs.filter_request', { id: requestId })}>
              <Code>{requestId.slice(0, 8)}</Code>
            </Button>
          )}
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={4}>
            <Code block aria-label={t('jobs.logs.json_label')} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {prettyJson(line.json)}
            </Code>
            {line.clipped && <Text size="xs" c="dimmed">{t('jobs.logs.clipped')}</Text>}
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

function LogsAdmin() {
  const { t } = useTranslation();
  useTitle(t('jobs.logs.title'));
  const [level, setLevel] = useState<LogLevel>('info');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [requestId, setRequestId] = useState('');
  const [auto, setAuto] = useState(true);
  const [openId, setOpenId] = useState<number | null>(null);
  const lines = useLogLines({ level, q, requestId }, auto && openId === null);
  const filtered = q !== '' || requestId !== '' || level !== 'trace';

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          {t('jobs.logs.title')}
        </Title>
        <Text c="dimmed">{t('jobs.logs.subtitle')}</Text>
      </div>
      <Alert variant="light" icon={<IconInfoCircle size={18} />}>
        {t('jobs.logs.per_process', { pid: lines.data?.pid ?? '…', capacity: lines.data?.capacity ?? '…' })}
      </Alert>
      <Group align="flex-end">
        <Select
          label={t('jobs.logs.level')}
          value={level}
          onChange={(value) => value && setLevel(LOG_LEVELS.find((known) => known === value) ?? 'info')}
          data={LOG_LEVELS.map((value) => ({ value, label: t('jobs.logs.level_at_least', { level: t(`jobs.logs.levels.${value}`) }) }))}
          allowDeselect={false}
          w={200}
        />
        <TextInput
          label={t('jobs.logs.search')}
          placeholder={t('jobs.logs.search_placeholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        <Switch label={t('jobs.logs.auto_refresh')} checked={auto} onChange={(event) => setAuto(event.currentTarget.checked)} mb={8} />
      </Group>
      {requestId && (
        <Group gap="xs">
          <Text size="sm">{t('jobs.logs.request_filter', { id: requestId })}</Text>
          <Button variant="light" size="compact-sm" onClick={() => setRequestId('')}>
            {t('jobs.logs.clear_request')}
          </Button>
        </Group>
      )}
      {auto && openId !== null && <Text size="sm" c="dimmed">{t('jobs.logs.paused')}</Text>}
      <QueryBody
        query={lines}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title={t(filtered ? 'jobs.logs.empty_filtered' : 'jobs.logs.empty')} />}
      >
        {(data) => (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" aria-label={t('jobs.logs.table_label')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('jobs.logs.columns.level')}</Table.Th>
                    <Table.Th>{t('jobs.logs.columns.time')}</Table.Th>
                    <Table.Th>{t('jobs.logs.columns.message')}</Table.Th>
                    <Table.Th>{t('jobs.logs.columns.request')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((line) => (
                    <LineRow
                      key={line.id}
                      line={line}
                      open={openId === line.id}
                      onToggle={() => setOpenId(openId === line.id ? null : line.id)}
                      onRequest={(id) => {
                        setRequestId(id);
                        setOpenId(null);
                      }}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryBody>
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen. */
export default function AdminLogsPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <LogsAdmin /> : <NotFoundPage />;
}
