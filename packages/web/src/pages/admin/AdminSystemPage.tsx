// /admin/system: what runs and whether it is well, for administrators (anyone else gets the 404
// screen, as the API answers them 403). Cards: the configuration verdicts, the health checks, the
// build and the process, the host, the database and storage, the job queue; a Refresh button asks
// again (the checks run anew each time).
import { Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session.ts';
import { useSystemInfo } from '../../api/system.ts';
import type { SystemInfo, Verdict } from '../../api/system.ts';
import { QueryBody } from '../../components/ListParts.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatBytes } from '../../format.ts';
import { useTitle } from '../../hooks/page.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { VerdictBadge } from './verdict.tsx';

interface Row {
  key: string;
  label: string;
  status: Verdict;
  message: string;
}

/** Verdict rows: the item, its badge, its sentence (the server's words). */
function VerdictTable({ label, rows }: { label: string; rows: Row[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('system.columns.item')}</Table.Th>
            <Table.Th>{t('system.columns.verdict')}</Table.Th>
            <Table.Th>{t('system.columns.detail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-item={row.key}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.label}</Table.Td>
              <Table.Td><VerdictBadge status={row.status} /></Table.Td>
              <Table.Td><Text size="sm">{row.message}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Label and value pairs. */
function Facts({ label, facts }: { label: string; facts: [string, ReactNode][] }) {
  return (
    <Table verticalSpacing={4} aria-label={label}>
      <Table.Tbody>
        {facts.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" fw={500} w="45%">{name}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function duration(seconds: number): { days: number; hours: number; minutes: number } {
  return { days: Math.floor(seconds / 86400), hours: Math.floor((seconds % 86400) / 3600), minutes: Math.floor((seconds % 3600) / 60) };
}

function SystemCards({ info }: { info: SystemInfo }) {
  const { t } = useTranslation();
  const sanity = info.sanity.map((item) => ({ key: item.name, label: t(`system.sanity.${item.name}`), status: item.status, message: item.message }));
  const checks = info.checks.map((check) => ({
    key: check.name, label: t(`system.checks.${check.name}`), status: check.status, message: `${check.message} (${check.duration_ms} ms)`,
  }));
  const counts = info.jobs.counts;
  const space = info.storage.free_bytes === null ? t('system.unknown') : t('system.free_of', {
    free: formatBytes(info.storage.free_bytes), total: formatBytes(info.storage.total_bytes),
  });
  return (
    <Stack gap="md">
      <SectionCard title={t('system.cards.configuration')} description={t('system.cards.configuration_hint')}>
        <VerdictTable label={t('system.cards.configuration')} rows={sanity} />
      </SectionCard>
      <SectionCard title={t('system.cards.checks')} description={t('system.cards.checks_hint')}>
        <VerdictTable label={t('system.cards.checks')} rows={checks} />
      </SectionCard>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SectionCard title={t('system.cards.build')}>
          <Facts label={t('system.cards.build')} facts={[
            [t('system.facts.version'), info.version],
            [t('system.facts.commit'), info.vcs_ref],
            [t('system.facts.build_date'), info.build_date],
            [t('system.facts.node'), info.node_version],
            [t('system.facts.platform'), `${info.platform} / ${info.arch}`],
            [t('system.facts.uptime'), t('system.uptime_value', duration(info.uptime_seconds))],
            [t('system.facts.process_memory'), t('system.rss_heap', { rss: formatBytes(info.process_memory.rss), heap: formatBytes(info.process_memory.heap_used) })],
          ]} />
        </SectionCard>
        <SectionCard title={t('system.cards.host')}>
          <Facts label={t('system.cards.host')} facts={[
            [t('system.facts.cpus'), String(info.host.cpus)],
            [t('system.facts.load'), info.host.load_average.map((value) => value.toFixed(2)).join(' · ')],
            [t('system.facts.memory'), t('system.free_of', { free: formatBytes(info.host.memory_free), total: formatBytes(info.host.memory_total) })],
          ]} />
        </SectionCard>
        <SectionCard title={t('system.cards.data')}>
          <Facts label={t('system.cards.data')} facts={[
            [t('system.facts.engine'), `${info.database.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${info.database.version ?? ''}`],
            [t('system.facts.database_size'), formatBytes(info.database.size_bytes)],
            [t('system.facts.storage'), `${info.storage.backend === 's3' ? 'S3' : t('system.local')}: ${info.storage.location}`],
            [t('system.facts.space'), space],
          ]} />
        </SectionCard>
        <SectionCard title={t('system.cards.jobs')}>
          <Facts label={t('system.cards.jobs')} facts={[
            ...(counts ? (['queued', 'running', 'scheduled', 'failed'] as const).map((state): [string, ReactNode] => [t(`system.jobs.${state}`), String(counts[state])]) : []),
            [t('system.facts.concurrency'), String(info.jobs.concurrency)],
          ]} />
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}

function SystemAdmin() {
  const { t } = useTranslation();
  useTitle(t('system.title'));
  const info = useSystemInfo();
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">{t('system.title')}</Title>
          <Text c="dimmed">{t('system.subtitle')}</Text>
        </div>
        <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} loading={info.isFetching} onClick={() => void info.refetch()}>
          {t('system.refresh')}
        </Button>
      </Group>
      <QueryBody query={info}>{(data) => <SystemCards info={data} />}</QueryBody>
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen (the page does not exist for them). */
export default function AdminSystemPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <SystemAdmin /> : <NotFoundPage />;
}
