// /admin/jobs: the background jobs, for administrators (anyone else gets the 404 screen, as the API
// answers them 403). One tab per state with its count (?state=, queued by default), a page of that
// state's jobs (?page=), a job's detail, Retry and Discard (after a confirmation). Lists and counts
// refresh every few seconds while the page is visible.
import { Badge, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_KEY } from '../../api/dashboard.ts';
import { discardJob, JOB_STATES, jobsKey, retryJob, useJobCounts, useJobs } from '../../api/jobs.ts';
import type { Job, JobState } from '../../api/jobs.ts';
import { useCurrentUser } from '../../api/session.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { ListPagination, PastEndState, QueryBody } from '../../components/ListParts.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { EmptyState } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { STATE_COLORS } from './job-states.ts';
import { JobDetailModal } from './JobDetailModal.tsx';
import { JobsTable } from './JobsTable.tsx';
import { SchedulesPanel } from './SchedulesPanel.tsx';
import type { JobAction } from './JobsTable.tsx';

function stateOf(value: string | null): JobState {
  return (JOB_STATES as readonly string[]).includes(value ?? '') ? (value as JobState) : 'queued';
}

/** One state's list: its hint, the table (or why it is empty), the pager. */
function StatePanel({ state, page, onPage, onAction }: {
  state: JobState;
  page: number;
  onPage: (page: number) => void;
  onAction: (kind: JobAction, job: Job) => void;
}) {
  const { t } = useTranslation();
  const jobs = useJobs(state, page);
  return (
    <Stack pt="md">
      <Text size="sm" c="dimmed">
        {t(`jobs.state_hints.${state}`)}
      </Text>
      <QueryBody
        query={jobs}
        isEmpty={(data) => data.items.length === 0}
        empty={jobs.data && jobs.data.total > 0 ? <PastEndState page={page} onFirstPage={() => onPage(1)} /> : <EmptyState title={t(`jobs.empty.${state}`)} />}
      >
        {(data) => <JobsTable state={state} jobs={data.items} busy={jobs.isFetching} onAction={onAction} />}
      </QueryBody>
      {jobs.data && (
        <ListPagination
          totalPages={jobs.data.totalPages}
          page={page}
          onChange={onPage}
          aside={<Text size="sm" c="dimmed">{t('jobs.total', { count: jobs.data.total })}</Text>}
        />
      )}
    </Stack>
  );
}

function JobsAdmin() {
  const { t } = useTranslation();
  useTitle(t('jobs.title'));
  const queryClient = useQueryClient();
  const list = useListParams();
  const state = stateOf(list.params.get('state'));
  // The Schedules tab (?state=schedules): the recurring jobs, not a state of the queue.
  const tab = list.params.get('state') === 'schedules' ? 'schedules' : state;
  const counts = useJobCounts();
  const [open, setOpen] = useState<Job | null>(null);
  const [discarding, setDiscarding] = useState<Job | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: jobsKey });
    await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
  };

  async function retry(job: Job) {
    try {
      await retryJob(job.id);
      setOpen(null);
      notifySuccess(t('jobs.retried', { id: job.id, name: job.name }));
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  }

  const toPage = (page: number) => list.setParam({ page: page === 1 ? undefined : String(page) });

  function act(kind: JobAction, job: Job) {
    if (kind === 'open') setOpen(job);
    else if (kind === 'retry') void retry(job);
    else {
      setOpen(null);
      setDiscarding(job);
    }
  }

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          {t('jobs.title')}
        </Title>
        <Text c="dimmed">{t('jobs.subtitle')}</Text>
      </div>
      <Tabs value={tab} onChange={(value) => list.setParam({ state: value === 'queued' ? undefined : (value ?? undefined), page: undefined })}>
        <Tabs.List aria-label={t('jobs.tabs_label')}>
          {JOB_STATES.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              rightSection={
                counts.data && (
                  <Badge size="sm" variant={value === 'failed' && counts.data.failed > 0 ? 'filled' : 'light'} color={STATE_COLORS[value]}>
                    {counts.data[value]}
                  </Badge>
                )
              }
            >
              {t(`jobs.states.${value}`)}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="schedules">{t('jobs.schedules.tab')}</Tabs.Tab>
        </Tabs.List>
        {JOB_STATES.map((value) => (
          <Tabs.Panel key={value} value={value}>
            {value === tab && (
              <StatePanel state={state} page={list.page} onPage={toPage} onAction={act} />
            )}
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="schedules">{tab === 'schedules' && <SchedulesPanel />}</Tabs.Panel>
      </Tabs>
      <JobDetailModal job={open} onClose={() => setOpen(null)} onAction={act} />
      <ConfirmModal
        opened={discarding !== null}
        onClose={() => setDiscarding(null)}
        title={discarding ? t('jobs.discard_title', { id: discarding.id }) : ''}
        message={discarding ? t('jobs.discard_message', { name: discarding.name }) : ''}
        confirmLabel={t('jobs.discard')}
        onConfirm={async () => {
          if (!discarding) return;
          await discardJob(discarding.id);
          notifySuccess(t('jobs.discarded', { id: discarding.id, name: discarding.name }));
          await refresh();
        }}
      />
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen (the page does not exist for them). */
export default function AdminJobsPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <JobsAdmin /> : <NotFoundPage />;
}
