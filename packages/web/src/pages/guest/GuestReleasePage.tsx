// /apps/:appId/channels/:channelId/releases/:releaseId for a signed-out visitor while guest mode is
// on: a build of a public app's channel without a password (GET /api/releases/{id} answers a guest
// those only, without the channel key or a grant): what it is, what the parser read, its changelog
// and custom fields, its install page, QR code and download. Nothing to edit or delete.
import { Grid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useRelease } from '../../api/releases.ts';
import type { ReleaseDetail } from '../../api/releases.ts';
import { PlatformDetails } from '../../components/build-details/PlatformDetails.tsx';
import { ErrorState, PageLoader } from '../../components/PageState.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useTitle } from '../../hooks/page.ts';
import { Changelog } from '../release/components/Changelog.tsx';
import { CustomFields } from '../release/components/CustomFields.tsx';
import { InstallPanel } from '../release/components/InstallPanel.tsx';
import { ReleaseBreadcrumbs, ReleaseHeader } from '../release/components/ReleaseHeader.tsx';
import { RawMetadata, ReleaseOverview } from '../release/components/ReleaseOverview.tsx';
import { GuestUnreachable, hiddenFromGuest } from './GuestParts.tsx';

function GuestRelease({ data }: { data: ReleaseDetail }) {
  const { t } = useTranslation();
  const { metadata } = data;
  return (
    <Stack gap="md">
      <ReleaseBreadcrumbs data={data} />
      <ReleaseHeader data={data} name={metadata.display_name ?? metadata.name ?? data.app.name} archived={false} />
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
            <Changelog entries={data.changelog} />
            <SectionCard title={t('release.custom_fields')}>
              <CustomFields view={data.custom_fields_view} />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default function GuestReleasePage() {
  const { t } = useTranslation();
  const params = useParams();
  const releaseId = Number(params.releaseId);
  const release = useRelease(releaseId);
  const data = release.data;
  useTitle(data ? `${data.metadata.display_name ?? data.metadata.name ?? data.app.name} ${data.release_version || `#${data.version}`}` : t('release.title'));
  if (!Number.isInteger(releaseId) || releaseId < 1 || hiddenFromGuest(release.error)) {
    return <GuestUnreachable title={t('apps.guest.release_not_found')} description={t('apps.guest.release_not_found_hint')} />;
  }
  if (release.isPending) return <PageLoader />;
  if (release.isError) return <ErrorState error={release.error} onRetry={() => void release.refetch()} />;
  if (String(data?.app.id) !== params.appId || String(data?.channel.id) !== params.channelId) {
    return data ? <Navigate to={`/apps/${data.app.id}/channels/${data.channel.id}/releases/${data.id}`} replace /> : null;
  }
  return <GuestRelease data={release.data} />;
}
