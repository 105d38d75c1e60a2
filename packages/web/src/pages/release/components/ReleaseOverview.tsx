// The release screen's overview: what the build is and where it came from (versions, platform,
// size, branch linking to the builds list filtered by it, commit linking to the repository,
// CI job, checksum with a copy button, download and install counts), and the raw metadata.
import { Anchor, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { commitUrl } from '../../../api/channels.ts';
import type { ReleaseDetail } from '../../../api/releases.ts';
import { CopyAction } from '../../../components/CopyAction.tsx';
import { formatBytes } from '../../../format.ts';
import { platformName } from '../../../platforms.ts';
import { useDateFormatter } from '../../../hooks/page.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { Facts } from '../../../components/build-details/Facts.tsx';
import type { Fact } from '../../../components/build-details/Facts.tsx';

function CommitFact({ data }: { data: ReleaseDetail }) {
  if (!data.git_commit) return null;
  const commit = commitUrl(data.channel.git_url, data.git_commit);
  return commit ? (
    <Anchor href={commit} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
      {data.git_commit}
    </Anchor>
  ) : (
    <Text span ff="monospace" size="sm">
      {data.git_commit}
    </Text>
  );
}

function CiFact({ url }: { url: string }) {
  if (!/^https?:\/\//.test(url)) return url;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {url}
    </Anchor>
  );
}

function ChecksumFact({ checksum, label }: { checksum: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text span ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
        {checksum}
      </Text>
      <CopyAction value={checksum} label={label} />
    </Group>
  );
}

function overviewFacts(t: TFunction, data: ReleaseDetail, uploaded: string): Fact[] {
  const channelPath = `/apps/${data.app.id}/channels/${data.channel.id}`;
  const branch = data.branch && (
    <Anchor component={Link} to={`${channelPath}?branch=${encodeURIComponent(data.branch)}`} size="sm">
      {data.branch}
    </Anchor>
  );
  return [
    [t('release.fields.version'), `#${data.version}`],
    [t('release.fields.release_version'), data.release_version],
    [t('release.fields.build_version'), data.build_version],
    [t('release.fields.bundle_id'), data.bundle_id],
    [t('release.platform'), `${platformName(data.platform)} · ${t(`teardown.devices.${data.device_type}`, { defaultValue: data.device_type })}`],
    [t('release.min_os'), data.min_os_version],
    [t('release.size'), formatBytes(data.size)],
    [t('release.uploaded'), uploaded],
    [t('release.fields.release_type'), data.release_type],
    [t('release.fields.branch'), branch],
    [t('release.fields.git_commit'), data.git_commit && <CommitFact data={data} />],
    [t('release.fields.ci_url'), data.ci_url && <CiFact url={data.ci_url} />],
    [t('release.source'), data.source],
    [t('release.file_name'), data.file_name],
    [t('release.checksum'), <ChecksumFact checksum={data.checksum} label={t('release.copy_checksum')} />],
    [t('release.downloads'), String(data.download_count)],
    [t('release.installs'), data.platform === 'iOS' ? String(data.install_count) : undefined],
  ];
}

export function ReleaseOverview({ data }: { data: ReleaseDetail }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  return (
    <SectionCard title={t('release.overview')}>
      <Facts facts={overviewFacts(t, data, formatDate(data.created_at))} />
    </SectionCard>
  );
}

/** Everything the parser read, as JSON, folded away. */
export function RawMetadata({ metadata }: { metadata: ReleaseDetail['metadata'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('release.raw')}>
      <details>
        <summary style={{ cursor: 'pointer' }}>
          <Text span size="sm">
            {t('release.raw_hint')}
          </Text>
        </summary>
        <Text component="pre" size="xs" ff="monospace" style={{ overflowX: 'auto', maxHeight: 480, whiteSpace: 'pre' }}>
          {JSON.stringify(metadata, null, 2)}
        </Text>
      </details>
    </SectionCard>
  );
}
