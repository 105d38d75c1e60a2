// The Restore tab of /admin/backups: upload an archive (from another instance, or downloaded
// earlier) to check and restore, and every restore so far, newest first: its archive, state and
// who started it; Open shows its dry-run report (and Apply while it is ready) or its result;
// Forget removes it and its uploaded copy. A run's own archive is restored from the Runs tab.
import { Badge, Button, Group, Paper, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconFileZip, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backupsKey, deleteRestore, uploadRestore, useRestores } from '../../../api/backups.ts';
import type { Restore } from '../../../api/backups.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { ListPagination, QueryBody } from '../../../components/ListParts.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { EmptyState } from '../../../components/PageState.tsx';
import { UploadDialog } from '../../../components/upload/UploadDialog.tsx';
import { formatBytes } from '../../../format.ts';
import { useDateFormatter } from '../../../hooks/page.ts';
import { RestoreDialog } from './RestoreModal.tsx';

const STATE_COLORS: Record<Restore['state'], string> = { checking: 'blue', ready: 'yellow', restoring: 'orange', done: 'green', failed: 'red' };
const running = (restore: Restore) => restore.state === 'checking' || restore.state === 'restoring';

function RestoreRow({ restore, onOpen, onForget }: { restore: Restore; onOpen: () => void; onForget: () => void }) {
  const { t, i18n } = useTranslation();
  const formatDate = useDateFormatter();
  const error = restore.error_code && i18n.exists(`errors.${restore.error_code}`) ? t(`errors.${restore.error_code}`) : restore.error;
  return (
    <Table.Tr>
      <Table.Td maw={320}>
        <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>{restore.file_name}</Text>
        <Text size="xs" c="dimmed">
          {restore.run_id === null ? t('backups.restores.uploaded') : t('backups.restores.from_run', { id: restore.run_id })}
          {restore.size === null ? '' : ` · ${formatBytes(restore.size)}`}
        </Text>
      </Table.Td>
      <Table.Td miw={160}>
        <Stack gap={4}>
          <Badge color={STATE_COLORS[restore.state]} variant="light">{t(`backups.restores.states.${restore.state}`)}</Badge>
          {running(restore) && <Progress value={restore.percent} aria-label={t('backups.restores.progress_label', { name: restore.file_name, percent: restore.percent })} />}
          {restore.state === 'failed' && error && <Text size="xs" c="var(--mantine-color-error)" style={{ wordBreak: 'break-word' }}>{error}</Text>}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDate(restore.created_at)}</Text>
        <Text size="xs" c="dimmed">{restore.created_by}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={onOpen} aria-label={t('backups.restores.open_label', { name: restore.file_name })}>
            {restore.state === 'ready' ? t('backups.restores.review') : t('backups.restores.open')}
          </Button>
          <Button
            size="compact-sm" variant="subtle" color="red" disabled={running(restore)} onClick={onForget}
            aria-label={t('backups.restores.forget_label', { name: restore.file_name })}
          >
            {t('backups.restores.forget')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function RestorePanel({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const restores = useRestores(page);
  const [uploading, setUploading] = useState(false);
  const [open, setOpen] = useState<Restore | null>(null);
  const [forgetting, setForgetting] = useState<Restore | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: backupsKey });

  return (
    <Stack pt="md">
      <Paper withBorder p="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={500}>{t('backups.restores.upload_title')}</Text>
            <Text size="sm" c="dimmed" maw={620}>{t('backups.restores.upload_hint')}</Text>
          </div>
          <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>{t('backups.restores.upload_button')}</Button>
        </Group>
      </Paper>
      <QueryBody
        query={restores}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title={t('backups.restores.empty_title')} description={t('backups.restores.empty_hint')} />}
      >
        {(data) => (
          <Stack>
            <Paper withBorder>
              <Table.ScrollContainer minWidth={760}>
                <Table verticalSpacing="sm" aria-label={t('backups.restores.table_label')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('backups.restores.columns.archive')}</Table.Th>
                      <Table.Th>{t('backups.restores.columns.state')}</Table.Th>
                      <Table.Th>{t('backups.restores.columns.started')}</Table.Th>
                      <Table.Th><VisuallyHidden>{t('backups.restores.columns.actions')}</VisuallyHidden></Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((restore) => (
                      <RestoreRow
                        key={restore.id} restore={restore} onOpen={() => setOpen(restore)} onForget={() => setForgetting(restore)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            <ListPagination totalPages={Math.ceil(data.total / data.per_page)} page={page} onChange={onPage} />
          </Stack>
        )}
      </QueryBody>
      <UploadDialog<Restore>
        opened={uploading}
        onClose={() => setUploading(false)}
        title={t('backups.restore.upload.title')}
        texts="backups.restore.upload"
        formats={t('backups.restore.upload.formats')}
        accept={{ extensions: ['.tar'], wrongFile: (name) => t('backups.restore.upload.wrong_format', { name }) }}
        fileIcon={<IconFileZip size={20} />}
        send={(file, onProgress) => uploadRestore(file, onProgress, t('backups.restore.upload.connection_lost'))}
        onUploaded={async (restore) => {
          await refresh();
          setOpen(restore);
        }}
      >
        {() => null}
      </UploadDialog>
      {open && (
        <RestoreDialog
          key={open.id}
          id={open.id}
          name={open.file_name}
          onClose={() => {
            setOpen(null);
            void refresh();
          }}
        />
      )}
      <ConfirmModal
        opened={forgetting !== null}
        onClose={() => setForgetting(null)}
        title={forgetting ? t('backups.restores.forget_title', { name: forgetting.file_name }) : ''}
        message={t('backups.restores.forget_message')}
        confirmLabel={t('backups.restores.forget')}
        onConfirm={async () => {
          if (!forgetting) return;
          await deleteRestore(forgetting.id);
          notifySuccess(t('backups.restores.forgotten', { name: forgetting.file_name }));
          await refresh();
        }}
      />
    </Stack>
  );
}
