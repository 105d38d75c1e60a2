// The jobs table of /admin/jobs: each job's name (a button opening its detail), attempts of the
// maximum, when it runs (or finished), the start of its last error, and Retry / Discard for a
// job that is waiting or failed (a running job cannot be touched; a finished one has nothing to do).
import { ActionIcon, Badge, Group, Paper, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Job, JobState } from '../../api/jobs.ts';
import { useDateFormatter } from '../../hooks/page.ts';
import { STATE_COLORS } from './job-states.ts';

export type JobAction = 'open' | 'retry' | 'discard';

/** Whether Retry and Discard apply: the job waits or has failed. */
export function actionable(job: Job): boolean {
  return job.state === 'queued' || job.state === 'scheduled' || job.state === 'failed';
}

function JobActions({ job, onAction }: { job: Job; onAction: (kind: JobAction, job: Job) => void }) {
  const { t } = useTranslation();
  if (!actionable(job)) return null;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('jobs.retry')}>
        <ActionIcon variant="subtle" aria-label={t('jobs.retry_job', { id: job.id })} onClick={() => onAction('retry', job)}>
          <IconRefresh size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('jobs.discard')}>
        <ActionIcon variant="subtle" color="red" aria-label={t('jobs.discard_job', { id: job.id })} onClick={() => onAction('discard', job)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function JobRow({ job, onAction }: { job: Job; onAction: (kind: JobAction, job: Job) => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const finished = job.state === 'failed' || job.state === 'done';
  return (
    <Table.Tr>
      <Table.Td>
        {/* Named by its text (the job's name), so voice control users say what they see; the id follows. */}
        <UnstyledButton onClick={() => onAction('open', job)}>
          <Text fw={500} c="var(--mantine-color-anchor)" td="underline">
            {job.name}
          </Text>
        </UnstyledButton>
        <Text size="xs" c="dimmed">
          #{job.id}
          {job.payload_summary ? ` · ${job.payload_summary}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATE_COLORS[job.state]} variant="light">
          {t(`jobs.states.${job.state}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{t('jobs.attempts_of', { attempts: job.attempts, max: job.max_attempts })}</Table.Td>
      <Table.Td>{formatDate(finished ? job.finished_at : job.run_at)}</Table.Td>
      <Table.Td maw={360}>
        {job.last_error ? (
          <Text size="sm" c="var(--mantine-color-error)" lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {job.last_error}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('jobs.table.no_error')}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <JobActions job={job} onAction={onAction} />
      </Table.Td>
    </Table.Tr>
  );
}

export function JobsTable(props: { state: JobState; jobs: Job[]; busy: boolean; onAction: (kind: JobAction, job: Job) => void }) {
  const { state, jobs, busy, onAction } = props;
  const { t } = useTranslation();
  const finished = state === 'failed' || state === 'done';
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('jobs.table.label', { state: t(`jobs.states.${state}`) })} aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('jobs.table.job')}</Table.Th>
              <Table.Th>{t('jobs.table.state')}</Table.Th>
              <Table.Th>{t('jobs.table.attempts')}</Table.Th>
              <Table.Th>{finished ? t('jobs.table.finished_at') : t('jobs.table.run_at')}</Table.Th>
              <Table.Th>{t('jobs.table.error')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('jobs.table.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} onAction={onAction} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
