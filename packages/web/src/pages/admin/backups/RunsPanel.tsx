// The Runs tab of /admin/backups: every run, newest first, a page at a time. A queued or running
// run shows its stage and a progress bar (the list refreshes every second while one is active)
// and Cancel; a done run its size, SHA-256, Download and Delete archive; a failed run its error.
import { Badge, Button, Code, Group, Paper, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backupArchiveUrl, backupsKey, cancelBackupRun, deleteBackupArchive, isActive, useBackupRuns } from '../../../api/backups.ts';
import type { BackupRun } from '../../../api/backups.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { ListPagination, QueryBody } from '../../../components/ListParts.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { EmptyState } from '../../../components/PageState.tsx';
import { formatBytes } from '../../../format.ts';
import { useDateFormatter } from '../../../hooks/page.ts';
import { RestoreModal } from './RestoreModal.tsx';

const STATE_COLORS: Record<BackupRun['state'], string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };

function RunState({ run }: { run: BackupRun }) {
  const { t, i18n } = useTranslation();
  const stage = run.stage && i18n.exists(`backups.stages.${run.stage}`) ? t(`backups.stages.${run.stage}`) : run.stage;
  return (
    <Stack gap={4} miw={180}>
      <Badge color={STATE_COLORS[run.state]} variant="light">{t(`backups.states.${run.state}`)}</Badge>
      {isActive(run) && (
        <>
          <Progress value={run.percent} aria-label={t('backups.runs.progress_label', { id: run.id, percent: run.percent })} />
          <Text size="xs" c="dimmed">{stage ? `${stage} · ${run.percent}%` : `${run.percent}%`}</Text>
        </>
      )}
      {run.state === 'failed' && run.error && (
        <Text size="xs" c="var(--mantine-color-error)" style={{ wordBreak: 'break-word' }}>
          {run.error === 'Cancelled' ? t('backups.runs.cancelled') : run.error}
        </Text>
      )}
    </Stack>
  );
}

function Archive({ run }: { run: BackupRun }) {
  const { t } = useTranslation();
  if (run.archive_key === null) {
    return <Text size="sm" c="dimmed">{run.state === 'done' ? t('backups.runs.archive_gone') : '—'}</Text>;
  }
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>{run.archive_key}</Text>
      <Text size="xs" c="dimmed">{run.size === null ? '' : formatBytes(run.size)}</Text>
      {run.sha256 && <Code fz="xs" title={t('backups.runs.sha256')}>{run.sha256.slice(0, 16)}…</Code>}
    </Stack>
  );
}

export function RunsPanel({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const queryClient = useQueryClient();
  const runs = useBackupRuns(page);
  const [deleting, setDeleting] = useState<BackupRun | null>(null);
  const [restoring, setRestoring] = useState<BackupRun | null>(null);

  const cancel = async (run: BackupRun) => {
    try {
      await cancelBackupRun(run.id);
      notifySuccess(t('backups.runs.cancel_sent', { id: run.id }));
      await queryClient.invalidateQueries({ queryKey: backupsKey });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack pt="md">
      <QueryBody
        query={runs}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title={t('backups.runs.empty_title')} description={t('backups.runs.empty_hint')} />}
      >
        {(data) => (
          <Stack>
            <Paper withBorder>
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="sm" aria-label={t('backups.runs.table_label')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('backups.runs.columns.plan')}</Table.Th>
                      <Table.Th>{t('backups.runs.columns.state')}</Table.Th>
                      <Table.Th>{t('backups.runs.columns.started')}</Table.Th>
                      <Table.Th>{t('backups.runs.columns.archive')}</Table.Th>
                      <Table.Th><VisuallyHidden>{t('backups.runs.columns.actions')}</VisuallyHidden></Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((run) => (
                      <Table.Tr key={run.id}>
                        <Table.Td>
                          <Text fw={500}>{run.plan_name}</Text>
                          <Text size="xs" c="dimmed">{t(`backups.triggers.${run.trigger}`)} · #{run.id}</Text>
                        </Table.Td>
                        <Table.Td><RunState run={run} /></Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDate(run.started_at ?? run.created_at)}</Text>
                          {run.finished_at && <Text size="xs" c="dimmed">{t('backups.runs.finished', { at: formatDate(run.finished_at) })}</Text>}
                        </Table.Td>
                        <Table.Td maw={320}><Archive run={run} /></Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            {isActive(run) && (
                              <Button size="compact-sm" variant="default" onClick={() => void cancel(run)} aria-label={t('backups.runs.cancel_label', { id: run.id })}>
                                {t('backups.runs.cancel')}
                              </Button>
                            )}
                            {run.archive_key !== null && (
                              <>
                                <Button
                                  size="compact-sm"
                                  variant="light"
                                  component="a"
                                  href={backupArchiveUrl(run.id)}
                                  download={run.archive_key}
                                  leftSection={<IconDownload size={14} />}
                                  aria-label={t('backups.runs.download_label', { name: run.archive_key })}
                                >
                                  {t('backups.runs.download')}
                                </Button>
                                <Button size="compact-sm" variant="default" onClick={() => setRestoring(run)} aria-label={t('backups.restore.button_label', { name: run.archive_key })}>
                                  {t('backups.restore.button')}
                                </Button>
                                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(run)} aria-label={t('backups.runs.delete_label', { name: run.archive_key })}>
                                  {t('backups.runs.delete')}
                                </Button>
                              </>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            <ListPagination totalPages={Math.ceil(data.total / data.per_page)} page={page} onChange={onPage} />
          </Stack>
        )}
      </QueryBody>
      {restoring && <RestoreModal key={restoring.id} run={restoring} onClose={() => setRestoring(null)} />}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? t('backups.runs.delete_title', { name: deleting.archive_key }) : ''}
        message={t('backups.runs.delete_message')}
        confirmLabel={t('backups.runs.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteBackupArchive(deleting.id);
          notifySuccess(t('backups.runs.deleted', { name: deleting.archive_key }));
          await queryClient.invalidateQueries({ queryKey: backupsKey });
        }}
      />
    </Stack>
  );
}
