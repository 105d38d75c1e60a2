// /debug-files/:id — one dSYM or Proguard zip: what it is filed under (versions, channel, the
// build with the same versions), every entry a crash reporter matches (objects, architectures,
// UUIDs, or the mapping's ids and files), a download, and a delete for the app's developers and
// admins, confirmed first. The parts are in components/; this file loads and lays them out.
import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { deleteDebugFile, useDebugFile, versionLabel } from '../../api/debugFiles.ts';
import type { DebugFile } from '../../api/debugFiles.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { ErrorState, PageLoader, UnreachableState } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { DebugFileEntriesOf } from '../../components/build-details/DebugFileEntries.tsx';
import { DebugFileBreadcrumbs, DebugFileHeader } from './components/DebugFileHeader.tsx';
import { DebugFileOverview } from './components/DebugFileOverview.tsx';

function DebugFileView({ file }: { file: DebugFile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const name = file.name ?? file.file_name;
  const version = versionLabel(file) ?? t('debug_files.list.no_version');
  const dsym = file.category === 'dSYM';

  async function remove() {
    await deleteDebugFile(file.id);
    // Only the lists: refetching (or dropping) this screen's query would ask for the deleted file.
    void queryClient.invalidateQueries({ queryKey: ['debug-files', 'list'] });
    void navigate(`/debug-files?app=${file.app_id}`, { replace: true });
    notifySuccess(t('debug_files.detail.deleted', { name }));
  }

  return (
    <Stack gap="md">
      <DebugFileBreadcrumbs file={file} />
      <DebugFileHeader file={file} onDelete={() => setDeleting(true)} />
      <DebugFileOverview file={file} />
      <SectionCard title={dsym ? t('debug_files.detail.slices', { count: file.metadata.length }) : t('debug_files.detail.mapping')}>
        <Text size="sm" c="dimmed">
          {dsym ? t('debug_files.detail.slices_hint') : t('debug_files.detail.mapping_hint')}
        </Text>
        <DebugFileEntriesOf file={file} />
      </SectionCard>
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('debug_files.detail.delete_title')}
        message={t('debug_files.detail.delete_message', { name, version })}
        confirmLabel={t('common.delete')}
        onConfirm={remove}
      />
    </Stack>
  );
}

export default function DebugFilePage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const query = useDebugFile(id);
  const data = query.data;
  useTitle(data ? `${data.name ?? data.file_name} ${versionLabel(data) ?? ''}`.trim() : t('debug_files.detail.title'));

  if (!Number.isInteger(id) || id < 1 || (query.error instanceof ApiError && query.error.status === 404)) {
    const back = { to: '/debug-files', linkLabel: t('debug_files.detail.back') };
    return <UnreachableState title={t('debug_files.detail.not_found_title')} description={t('debug_files.detail.not_found')} {...back} />;
  }
  if (query.isPending) return <PageLoader />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return null;
  return <DebugFileView file={data} />;
}
