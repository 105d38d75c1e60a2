// The table of a channel's builds: number and version linking to the release, release type and
// branch as buttons filtering the list by them, the commit linking to the repository, size and
// upload time. The table is named (channel.builds.table) for assistive technology and tests.
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { commitUrl } from '../../../api/channels.ts';
import type { ChannelDetail } from '../../../api/channels.ts';
import type { Release } from '../../../api/releases.ts';
import { formatBytes } from '../../../format.ts';
import { useDateFormatter } from '../../../hooks/page.ts';

/** Filters the list by a value a row shows (branch or release type). */
export type FilterBy = (changes: { branch?: string; type?: string }) => void;

const Missing = () => <Text c="dimmed">—</Text>;

function CommitCell({ channel, commit }: { channel: ChannelDetail; commit: string | null }) {
  if (!commit) return <Missing />;
  const url = commitUrl(channel.git_url, commit);
  return url ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
      {commit.slice(0, 8)}
    </Anchor>
  ) : (
    <Text size="sm" ff="monospace" title={commit}>
      {commit.slice(0, 8)}
    </Text>
  );
}

function BuildRow({ channel, release, filterBy }: { channel: ChannelDetail; release: Release; filterBy: FilterBy }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const href = `/apps/${channel.app.id}/channels/${channel.id}/releases/${release.id}`;
  const { release_type: type, branch } = release;
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={href} fw={600}>
          #{release.version}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={href} c="inherit">
          {release.release_version || t('channel.builds.no_version')}
          {release.build_version && (
            <Text span c="dimmed" size="sm">
              {' '}
              ({release.build_version})
            </Text>
          )}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {type ? (
          <Badge
            variant="light"
            tt="none"
            component="button"
            style={{ cursor: 'pointer' }}
            onClick={() => filterBy({ type })}
            aria-label={t('channel.builds.filter_by_type', { type })}
          >
            {type}
          </Badge>
        ) : (
          <Missing />
        )}
      </Table.Td>
      <Table.Td>
        {branch ? (
          <Anchor component="button" type="button" size="sm" onClick={() => filterBy({ branch })} aria-label={t('channel.builds.filter_by_branch', { branch })}>
            {branch}
          </Anchor>
        ) : (
          <Missing />
        )}
      </Table.Td>
      <Table.Td ff="monospace">
        <CommitCell channel={channel} commit={release.git_commit} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(release.size)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(release.created_at)}</Table.Td>
    </Table.Tr>
  );
}

export function BuildsTable({ channel, releases, filterBy }: { channel: ChannelDetail; releases: Release[]; filterBy: FilterBy }) {
  const { t } = useTranslation();
  const columns = ['version', 'release_type', 'branch', 'commit', 'size', 'uploaded'] as const;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('channel.builds.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column}>{t(`channel.builds.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {releases.map((release) => (
            <BuildRow key={release.id} channel={channel} release={release} filterBy={filterBy} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
