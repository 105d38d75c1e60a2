// A job's detail on /admin/jobs: its state, attempts, what it is about, its times and its whole
// last error, with Retry and Discard when the job waits or has failed.
import { Badge, Button, Code, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../api/jobs.ts';
import { useDateFormatter } from '../../hooks/page.ts';
import { STATE_COLORS } from './job-states.ts';
import { actionable } from './JobsTable.tsx';
import type { JobAction } from './JobsTable.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

interface Props {
  job: Job | null;
  onClose: () => void;
  onAction: (kind: JobAction, job: Job) => void;
}

export function JobDetailModal({ job, onClose, onAction }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  return (
    <Modal opened={job !== null} onClose={onClose} title={job ? t('jobs.detail.title', { id: job.id, name: job.name }) : ''} size="lg">
      {job && (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Field label={t('jobs.detail.state')}>
              <Badge color={STATE_COLORS[job.state]} variant="light">
                {t(`jobs.states.${job.state}`)}
              </Badge>
            </Field>
            <Field label={t('jobs.detail.attempts')}>{t('jobs.attempts_of', { attempts: job.attempts, max: job.max_attempts })}</Field>
            <Field label={t('jobs.detail.about')}>{job.payload_summary || t('jobs.detail.nothing')}</Field>
            <Field label={t('jobs.detail.created_at')}>{formatDate(job.created_at)}</Field>
            <Field label={t('jobs.detail.run_at')}>{formatDate(job.run_at)}</Field>
            {job.finished_at && <Field label={t('jobs.detail.finished_at')}>{formatDate(job.finished_at)}</Field>}
          </SimpleGrid>
          <div>
            <Text size="xs" c="dimmed">
              {t('jobs.detail.error')}
            </Text>
            {job.last_error ? (
              // A region of its own: a long error scrolls, and the keyboard reaches it.
              <Code block role="region" aria-label={t('jobs.detail.error')} tabIndex={0} style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
                {job.last_error}
              </Code>
            ) : (
              <Text size="sm">{t('jobs.table.no_error')}</Text>
            )}
          </div>
          <Group justify="flex-end">
            {actionable(job) && (
              <>
                <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => onAction('discard', job)}>
                  {t('jobs.discard')}
                </Button>
                <Button leftSection={<IconRefresh size={16} />} onClick={() => onAction('retry', job)}>
                  {t('jobs.retry')}
                </Button>
              </>
            )}
            <Button variant="default" onClick={onClose}>
              {t('jobs.detail.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
