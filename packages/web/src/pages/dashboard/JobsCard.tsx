// The administrators' dashboard card of background jobs: waiting, running and failed (in the
// danger colour when there are any), linking to /admin/jobs (its Failed tab when jobs failed).
import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '../../api/dashboard.ts';

type JobCounts = NonNullable<Dashboard['jobs']>;

function Count({ label, value, danger = false }: { label: string; value: number; danger?: boolean }) {
  return (
    <Stack gap={0}>
      {' '}
      <Text fz={22} fw={700} lh={1.2} c={danger ? 'var(--mantine-color-error)' : undefined}>
        {value}
      </Text>{' '}
      <Text size="xs" c={danger ? 'var(--mantine-color-error)' : 'dimmed'}>
        {label}
      </Text>
    </Stack>
  );
}

export function JobsCard({ jobs }: { jobs: JobCounts }) {
  const { t } = useTranslation();
  const failed = jobs.failed > 0;
  return (
    // Named by its text ("Background jobs 0 Waiting 0 Running 2 Failed"), as the other cards, so the
    // name holds what a voice-control user sees (axe: label-content-name-mismatch).
    <Card withBorder padding="md" component={Link} to={failed ? '/admin/jobs?state=failed' : '/admin/jobs'}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('dashboard.stats.jobs')}
          </Text>{' '}
          <Group gap="md" wrap="nowrap">
            <Count label={t('dashboard.stats.jobs_waiting')} value={jobs.waiting} />
            <Count label={t('dashboard.stats.jobs_running')} value={jobs.running} />
            <Count label={t('dashboard.stats.jobs_failed')} value={jobs.failed} danger={failed} />
          </Group>
        </Stack>
        <ThemeIcon variant="light" size={40} radius="md" color={failed ? 'red' : undefined}>
          <IconStack2 size={22} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
