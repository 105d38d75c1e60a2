// The Schedules tab of /admin/jobs: every recurring job (whatever the server schedules), its
// schedule (changed in a modal with a live preview of the next runs), an on/off switch, the next
// run, the last run (a badge, its error or result) and Run now.
import { Badge, Button, Code, Group, Modal, Paper, Stack, Switch, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runScheduleNow, schedulesKey, updateSchedule, useSchedulePreview, useSchedules } from '../../api/schedules.ts';
import type { Schedule, ScheduleChange } from '../../api/schedules.ts';
import { QueryBody } from '../../components/ListParts.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { EmptyState } from '../../components/PageState.tsx';
import { useDateFormatter } from '../../hooks/page.ts';

const RUN_COLORS: Record<string, string> = { running: 'blue', done: 'green', failed: 'red' };

/** A job's title in the current language when the screen knows it, else its name. */
function useJobTitle(): (name: string) => string {
  const { t, i18n } = useTranslation();
  return (name) => {
    const key = `jobs.schedules.titles.${name.replace(/[.-]/g, '_')}`;
    return i18n.exists(key) ? t(key) : name;
  };
}

function resultText(result: Record<string, unknown> | null): string {
  if (!result) return '';
  return Object.entries(result)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

interface EditModalProps {
  schedule: Schedule | null;
  onClose: () => void;
  onSave: (change: ScheduleChange) => Promise<void>;
}

function EditModal({ schedule, onClose, onSave }: EditModalProps) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const title = useJobTitle();
  const [spec, setSpec] = useState(schedule?.spec ?? '');
  const [debounced] = useDebouncedValue(spec.trim(), 300);
  const preview = useSchedulePreview(debounced);
  const [saving, setSaving] = useState(false);
  if (!schedule) return null;
  const save = async (change: ScheduleChange) => {
    setSaving(true);
    try {
      await onSave(change);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('jobs.schedules.edit_title', { name: title(schedule.name) })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save({ spec: spec.trim() });
        }}
      >
        <Stack>
          <TextInput
            label={t('jobs.schedules.spec')}
            description={t('jobs.schedules.spec_help')}
            value={spec}
            onChange={(event) => setSpec(event.currentTarget.value)}
            error={preview.data?.valid === false ? t('jobs.schedules.invalid') : undefined}
            data-autofocus
          />
          <div aria-live="polite">
            <Text size="sm" fw={500}>
              {t('jobs.schedules.next_runs')}
            </Text>
            {preview.data && preview.data.next_runs.length > 0 ? (
              preview.data.next_runs.map((at) => (
                <Text size="sm" key={at}>
                  {formatDate(at)}
                </Text>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                {preview.data ? t('jobs.schedules.never') : '…'}
              </Text>
            )}
          </div>
          <Text size="xs" c="dimmed">
            {t('jobs.schedules.default_is', { spec: schedule.default_spec })}
          </Text>
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => void save({ spec: null })} disabled={saving || !schedule.custom}>
              {t('jobs.schedules.use_default')}
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('jobs.schedules.cancel')}
              </Button>
              <Button type="submit" loading={saving} disabled={preview.data?.valid === false}>
                {t('jobs.schedules.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function LastRun({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const run = schedule.last_run;
  if (!run || !run.state) return <Text size="sm" c="dimmed">{t('jobs.schedules.never_ran')}</Text>;
  const detail = run.error ?? resultText(run.result);
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap">
        <Badge color={RUN_COLORS[run.state]} variant="light">
          {t(`jobs.schedules.run_states.${run.state}`)}
        </Badge>
        <Text size="sm">{formatDate(run.finished_at ?? run.started_at)}</Text>
      </Group>
      {detail && (
        <Text size="xs" c={run.error ? 'var(--mantine-color-error)' : 'dimmed'} lineClamp={2} style={{ wordBreak: 'break-word' }}>
          {detail}
        </Text>
      )}
    </Stack>
  );
}

export function SchedulesPanel() {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const title = useJobTitle();
  const queryClient = useQueryClient();
  const schedules = useSchedules();
  const [editing, setEditing] = useState<Schedule | null>(null);

  const change = async (schedule: Schedule, body: ScheduleChange) => {
    try {
      await updateSchedule(schedule.name, body);
      notifySuccess(t('jobs.schedules.saved', { name: title(schedule.name) }));
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: schedulesKey });
    } catch (error) {
      notifyError(error);
    }
  };
  const run = async (schedule: Schedule) => {
    try {
      const { job_id: id } = await runScheduleNow(schedule.name);
      notifySuccess(t('jobs.schedules.queued', { name: title(schedule.name), id }));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack pt="md">
      <Text size="sm" c="dimmed">
        {t('jobs.schedules.hint')}
      </Text>
      <QueryBody query={schedules} isEmpty={(data) => data.length === 0} empty={<EmptyState title={t('jobs.schedules.empty')} />}>
        {(data) => (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={860}>
              <Table verticalSpacing="sm" aria-label={t('jobs.schedules.table_label')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('jobs.schedules.columns.job')}</Table.Th>
                    <Table.Th>{t('jobs.schedules.columns.schedule')}</Table.Th>
                    <Table.Th>{t('jobs.schedules.columns.enabled')}</Table.Th>
                    <Table.Th>{t('jobs.schedules.columns.next')}</Table.Th>
                    <Table.Th>{t('jobs.schedules.columns.last')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('jobs.schedules.columns.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((schedule) => (
                    <Table.Tr key={schedule.name}>
                      <Table.Td>
                        <Text fw={500}>{title(schedule.name)}</Text>
                        <Text size="xs" c="dimmed">{schedule.name}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Code>{schedule.spec}</Code>
                        {schedule.custom && <Text size="xs" c="dimmed">{t('jobs.schedules.default_is', { spec: schedule.default_spec })}</Text>}
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          checked={schedule.enabled}
                          aria-label={t('jobs.schedules.enabled_label', { name: title(schedule.name) })}
                          onChange={(event) => void change(schedule, { enabled: event.currentTarget.checked })}
                        />
                      </Table.Td>
                      <Table.Td>{schedule.next_run_at ? formatDate(schedule.next_run_at) : t('jobs.schedules.off')}</Table.Td>
                      <Table.Td maw={320}>
                        <LastRun schedule={schedule} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button size="compact-sm" variant="light" onClick={() => setEditing(schedule)} aria-label={t('jobs.schedules.edit_label', { name: title(schedule.name) })}>
                            {t('jobs.schedules.edit')}
                          </Button>
                          <Button size="compact-sm" variant="default" onClick={() => void run(schedule)} aria-label={t('jobs.schedules.run_label', { name: title(schedule.name) })}>
                            {t('jobs.schedules.run_now')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryBody>
      <EditModal key={editing?.name ?? 'none'} schedule={editing} onClose={() => setEditing(null)} onSave={(body) => change(editing!, body)} />
    </Stack>
  );
}
