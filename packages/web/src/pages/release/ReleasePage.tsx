// /apps/:appId/channels/:channelId/releases/:releaseId — one build: what it is (versions, size,
// source), everything the parser read by platform, its changelog and custom fields, its
// install page, QR code and download; developers and admins edit or delete it. The sections
// are in components/; this file loads the release, decides who may do what, and lays them out.
import { Alert, Grid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { appKeys, useApp } from '../../api/apps.ts';
import { ApiError } from '../../api/client.ts';
import { deleteRelease, releaseKeys, useRelease } from '../../api/releases.ts';
import type { ReleaseDetail } from '../../api/releases.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { ErrorState, PageLoader, UnreachableState } from '../../components/PageState.tsx';
import { ReleaseDebugFiles } from '../../components/ReleaseDebugFiles.tsx';
import { useTitle } from '../../hooks/page.ts';
import { Changelog } from './components/Changelog.tsx';
import { CustomFields } from './components/CustomFields.tsx';
import { EditReleaseModal } from './components/EditReleaseModal.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { InstallPanel } from './components/InstallPanel.tsx';
import { PlatformDetails } from '../../components/build-details/PlatformDetails.tsx';
import { ReleaseBreadcrumbs, ReleaseHeader } from './components/ReleaseHeader.tsx';
import type { ReleaseAbilities } from './components/ReleaseHeader.tsx';
import { RawMetadata, ReleaseOverview } from './components/ReleaseOverview.tsx';

/** Saving an edit and deleting: the cache kept right and a notification, then back to the channel after a delete. */
function useReleaseChanges() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  function saved(updated: ReleaseDetail) {
    queryClient.setQueryData(releaseKeys.detail(updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: releaseKeys.channel(updated.channel.id) });
    notifySuccess(t('release.edit.saved'));
  }
  async function remove({ id, version, app, channel }: ReleaseDetail) {
    await deleteRelease(id);
    // Not removeQueries: this screen still observes the release and would fetch it again (404).
    void queryClient.invalidateQueries({ queryKey: releaseKeys.channel(channel.id) });
    void queryClient.invalidateQueries({ queryKey: appKeys.all });
    notifySuccess(t('release.deleted', { version }));
    void navigate(`/apps/${app.id}/channels/${channel.id}`, { replace: true });
  }
  return { saved, remove };
}

/** The release screen once its release is loaded and sits where the address says. */
function ReleaseView({ data, abilities, archived }: { data: ReleaseDetail; abilities: ReleaseAbilities; archived: boolean }) {
  const { t } = useTranslation();
  const [editing, edit] = useDisclosure(false);
  const [deleting, setDeleting] = useState(false);
  const { saved, remove } = useReleaseChanges();
  const metadata = data.metadata;
  const name = metadata.display_name ?? metadata.name ?? data.app.name;
  return (
    <Stack gap="md">
      <ReleaseBreadcrumbs data={data} />
      <ReleaseHeader
        data={data}
        name={name}
        archived={archived}
        abilities={abilities}
        onEdit={edit.open}
        onDelete={() => setDeleting(true)}
      />
      {archived && (
        <Alert color="gray" icon={<IconArchive />}>
          {t('release.archived_hint')}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <ReleaseOverview data={data} />
            <PlatformDetails metadata={metadata} />
            <RawMetadata metadata={metadata} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <InstallPanel data={data} />
            <ReleaseDebugFiles
              appId={data.app.id}
              deviceType={data.channel.device_type}
              releaseVersion={data.release_version}
              buildVersion={data.build_version}
            />
            <Changelog entries={data.changelog} />
            <SectionCard title={t('release.custom_fields')}>
              <CustomFields view={data.custom_fields_view} />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
      <EditReleaseModal release={data} opened={editing} onClose={edit.close} onSaved={saved} />
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('release.delete_title', { version: data.version })}
        message={t('release.delete_confirm', { version: data.version, channel: data.channel.name })}
        confirmLabel={t('common.delete')}
        onConfirm={() => remove(data)}
      />
    </Stack>
  );
}

export default function ReleasePage() {
  const { t } = useTranslation();
  const params = useParams();
  const appId = Number(params.appId);
  const channelId = Number(params.channelId);
  const releaseId = Number(params.releaseId);
  const release = useRelease(releaseId);
  const app = useApp(appId);
  const data = release.data;
  const title = data ? `${data.metadata.display_name ?? data.metadata.name ?? data.app.name} ${data.release_version || `#${data.version}`}` : t('release.title');
  useTitle(title);

  const valid = (value: number) => Number.isInteger(value) && value > 0;
  if (!valid(releaseId) || (release.error instanceof ApiError && release.error.status === 404)) {
    // A deleted build (or one off the caller's teams): back to its channel when the address names one.
    const channelPath = valid(appId) && valid(channelId) ? `/apps/${appId}/channels/${channelId}` : undefined;
    const back = channelPath ? { to: channelPath, linkLabel: t('release.back_to_channel') } : { to: '/apps', linkLabel: t('apps.app.back') };
    return <UnreachableState title={t('release.not_found_title')} description={t('release.not_found')} {...back} />;
  }
  if (release.isPending) return <PageLoader />;
  if (release.error) return <ErrorState error={release.error} onRetry={() => void release.refetch()} />;
  if (!data) return null;
  if (data.app.id !== appId || data.channel.id !== channelId) {
    return <Navigate to={`/apps/${data.app.id}/channels/${data.channel.id}/releases/${data.id}`} replace />;
  }
  const permissions = app.data?.permissions;
  const archived = app.data?.archived ?? false;
  const abilities: ReleaseAbilities = {
    canEdit: Boolean(permissions?.update_releases) && !archived,
    canDelete: Boolean(permissions?.delete_releases) && !archived,
    denied: archived ? t('release.archived_hint') : t('release.not_allowed'),
    pending: app.isPending,
  };
  return <ReleaseView data={data} abilities={abilities} archived={archived} />;
}
