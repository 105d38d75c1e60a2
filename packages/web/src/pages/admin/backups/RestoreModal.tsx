// Restore a run's archive: the server checks it (every checksum) and answers the dry-run report of
// replacing this instance's data (per table the rows written and replaced, the files, warnings,
// refusals, migrations to run); the administrator types the host name to apply it and follows its
// progress. A restore replaces the accounts and signs everyone out: the dialog says so, and a 401
// while it runs means it got that far.
import { Alert, Button, Group, List, Modal, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyRestore, backupsKey, createRestore, useRestore } from '../../../api/backups.ts';
import type { BackupRun, Restore } from '../../../api/backups.ts';
import { ApiError } from '../../../api/client.ts';
import { errorText } from '../../../api/error-text.ts';
import { formatBytes } from '../../../format.ts';
import { useDateFormatter } from '../../../hooks/page.ts';

function useErrorOf(): (restore: Restore) => string {
  const { t, i18n } = useTranslation();
  return (restore) => (restore.error_code && i18n.exists(`errors.${restore.error_code}`) ? t(`errors.${restore.error_code}`) : (restore.error ?? ''));
}

function Report({ restore }: { restore: Restore }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const report = restore.report!;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('backups.restore.archive', { at: formatDate(report.created_at), version: report.version, engine: report.engine })}</Text>
      {report.refusals.length > 0 && (
        <Alert color="red" title={t('backups.restore.refusals')}><List size="sm">{report.refusals.map((r) => <List.Item key={r}>{r}</List.Item>)}</List></Alert>
      )}
      {report.warnings.length > 0 && (
        <Alert color="yellow" title={t('backups.restore.warnings')}><List size="sm">{report.warnings.map((w) => <List.Item key={w}>{w}</List.Item>)}</List></Alert>
      )}
      <Table.ScrollContainer minWidth={360} mah={240}>
        <Table striped aria-label={t('backups.restore.tables_label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backups.restore.table')}</Table.Th>
              <Table.Th ta="right">{t('backups.restore.rows')}</Table.Th>
              <Table.Th ta="right">{t('backups.restore.replaces')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.tables.map((table) => (
              <Table.Tr key={table.name}>
                <Table.Td>{table.name}</Table.Td>
                <Table.Td ta="right">{table.rows}</Table.Td>
                <Table.Td ta="right">{table.replacesRows}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm">{t('backups.restore.files', { count: report.files.count, size: formatBytes(report.files.bytes) })}</Text>
      {report.migrations_to_run.length > 0 && <Text size="sm">{t('backups.restore.migrations', { count: report.migrations_to_run.length })}</Text>}
    </Stack>
  );
}

function Apply({ restore }: { restore: Restore }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const queryClient = useQueryClient();
  const refused = (restore.report?.refusals.length ?? 0) > 0;
  const apply = async () => {
    setBusy(true);
    setError(undefined);
    try {
      // The answer (restoring) restarts the dialog's polling.
      queryClient.setQueryData([...backupsKey, 'restore', restore.id], await applyRestore(restore.id, typed));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Alert color="orange">{t('backups.restore.replace_warning')}</Alert>
      <TextInput
        label={t('backups.restore.type_host', { host: restore.confirm_text })}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        disabled={refused}
        autoComplete="off"
        error={error ? errorText(error) : undefined}
      />
      <Group justify="flex-end">
        <Button color="red" loading={busy} disabled={refused || typed.trim().toLowerCase() !== restore.confirm_text.toLowerCase()} onClick={() => void apply()}>
          {t('backups.restore.apply')}
        </Button>
      </Group>
    </Stack>
  );
}

function Body({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useRestore(id);
  const errorOf = useErrorOf();
  const restore = query.data;
  // A restore that replaced the accounts signed this session out: it got at least that far.
  if (query.error instanceof ApiError && query.error.status === 401) {
    return (
      <Stack>
        <Alert color="green">{t('backups.restore.signed_out')}</Alert>
        <Group justify="flex-end"><Button component="a" href="/login?next=%2Fadmin%2Fbackups%3Ftab%3Druns">{t('backups.restore.sign_in')}</Button></Group>
      </Stack>
    );
  }
  if (query.error) return <Alert color="red">{errorText(query.error)}</Alert>;
  if (!restore || restore.state === 'checking') {
    return <Stack gap="xs"><Text size="sm">{t('backups.restore.checking')}</Text><Progress value={100} animated aria-label={t('backups.restore.checking')} /></Stack>;
  }
  if (restore.state === 'failed') return <Alert color="red" title={t('backups.restore.failed')}>{errorOf(restore)}</Alert>;
  if (restore.state === 'restoring') {
    return (
      <Stack gap="xs">
        <Text size="sm">{t('backups.restore.restoring', { percent: restore.percent })}</Text>
        <Progress value={restore.percent} aria-label={t('backups.restore.restoring', { percent: restore.percent })} />
      </Stack>
    );
  }
  if (restore.state === 'done') return <Alert color="green">{t('backups.restore.done')}</Alert>;
  return (
    <Stack>
      <Report restore={restore} />
      <Apply restore={restore} />
    </Stack>
  );
}

/** The dialog over a restore that exists already (an upload, or one from the list). */
export function RestoreDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} size="lg" title={t('backups.restore.title', { name })}>
      <Body id={id} />
    </Modal>
  );
}

/** The dialog: it starts the check when it opens on a run. */
export function RestoreModal({ run, onClose }: { run: BackupRun | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [id, setId] = useState<number | null>(null);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (!run) return;
    let live = true;
    createRestore(run.id).then((restore) => live && setId(restore.id), (failure: unknown) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [run]);
  return (
    <Modal opened={run !== null} onClose={onClose} size="lg" title={run ? t('backups.restore.title', { name: run.archive_key }) : ''}>
      {error ? <Alert color="red">{errorText(error)}</Alert> : id === null ? <Progress value={100} animated aria-label={t('backups.restore.checking')} /> : <Body id={id} />}
    </Modal>
  );
}
