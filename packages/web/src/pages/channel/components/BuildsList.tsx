// A channel's builds, newest first: filters by branch, release type and version text, and the
// page, all kept in the URL (?branch=…&type=…&q=…&page=…) so a filtered list can be shared.
import { Anchor, Badge, Button, Card, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconSearch, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ChannelDetail } from '../../../api/channels.ts';
import { commitUrl } from '../../../api/channels.ts';
import { useChannelReleases, useReleaseFacets } from '../../../api/releases.ts';
import type { Facet, ReleaseFilters } from '../../../api/releases.ts';
import { EmptyState, ErrorState, PageLoader } from '../../../components/PageState.tsx';
import { formatBytes } from '../../../format.ts';
import { useDateFormatter } from '../../../hooks.ts';

export const BUILDS_PER_PAGE = 20;

function options(facets: Facet[] | undefined, current: string | undefined) {
  const list = (facets ?? []).map((facet) => ({ value: facet.name, label: `${facet.name} (${facet.count})` }));
  // A filter from a shared link that no build has any more still shows as chosen.
  if (current && !list.some((option) => option.value === current)) list.unshift({ value: current, label: current });
  return list;
}

export function BuildsList({ channel, canUpload, onUpload }: { channel: ChannelDetail; canUpload: boolean; onUpload: () => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const [params, setParams] = useSearchParams();
  const branch = params.get('branch') || undefined;
  const releaseType = params.get('type') || undefined;
  const q = params.get('q') || undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const filters: ReleaseFilters = { branch, release_type: releaseType, q };
  const filtered = branch !== undefined || releaseType !== undefined || q !== undefined;

  const releases = useChannelReleases(channel.id, filters, page, BUILDS_PER_PAGE);
  const facets = useReleaseFacets(channel.id);

  const [text, setText] = useState(q ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  // The back button changes q: show it in the box.
  useEffect(() => setText(q ?? ''), [q]);
  // Only when the typed text settles (not when the URL changes).
  useEffect(() => {
    if (debounced !== (q ?? '')) update({ q: debounced || null });
  }, [debounced]);

  /** Changes filters (null removes one); any filter change goes back to page 1. */
  function update(changes: Record<string, string | null>, keepPage = false) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: 'q' in changes },
    );
  }

  const data = releases.data;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('channel.builds.branch')}
            placeholder={t('channel.builds.all_branches')}
            data={options(facets.data?.branches, branch)}
            value={branch ?? null}
            onChange={(value) => update({ branch: value })}
            clearable
            searchable
            nothingFoundMessage={t('channel.builds.no_branches')}
            w={{ base: '100%', xs: 200 }}
            data-testid="filter-branch"
          />
          <Select
            label={t('channel.builds.release_type')}
            placeholder={t('channel.builds.all_types')}
            data={options(facets.data?.release_types, releaseType)}
            value={releaseType ?? null}
            onChange={(value) => update({ type: value })}
            clearable
            searchable
            nothingFoundMessage={t('channel.builds.no_types')}
            w={{ base: '100%', xs: 180 }}
            data-testid="filter-type"
          />
          <TextInput
            label={t('channel.builds.search')}
            placeholder={t('channel.builds.search_placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            w={{ base: '100%', xs: 200 }}
            maxLength={255}
          />
          {filtered && (
            <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => update({ branch: null, type: null, q: null })}>
              {t('channel.builds.clear_filters')}
            </Button>
          )}
          {releases.isFetching && !releases.isPending && <Loader size="xs" aria-label={t('common.loading')} />}
        </Group>

        {releases.isPending ? (
          <PageLoader />
        ) : releases.error ? (
          <ErrorState error={releases.error} onRetry={() => void releases.refetch()} />
        ) : data && data.total === 0 ? (
          filtered ? (
            <EmptyState
              title={t('channel.builds.no_match')}
              description={t('channel.builds.no_match_hint')}
              action={
                <Button variant="light" onClick={() => update({ branch: null, type: null, q: null })}>
                  {t('channel.builds.clear_filters')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              title={t('channel.builds.empty')}
              description={t('channel.builds.empty_hint')}
              action={
                canUpload ? (
                  <Button leftSection={<IconUpload size={16} />} onClick={onUpload}>
                    {t('channel.upload.button')}
                  </Button>
                ) : undefined
              }
            />
          )
        ) : data ? (
          <>
            <Text size="sm" c="dimmed" data-testid="builds-total">
              {t('channel.builds.total', { count: data.total })}
            </Text>
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('channel.builds.table')} data-testid="builds-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>{t('channel.builds.version')}</Table.Th>
                    <Table.Th>{t('channel.builds.release_type')}</Table.Th>
                    <Table.Th>{t('channel.builds.branch')}</Table.Th>
                    <Table.Th>{t('channel.builds.commit')}</Table.Th>
                    <Table.Th>{t('channel.builds.size')}</Table.Th>
                    <Table.Th>{t('channel.builds.uploaded')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((release) => {
                    const href = `/apps/${channel.app.id}/channels/${channel.id}/releases/${release.id}`;
                    const commit = commitUrl(channel.git_url, release.git_commit);
                    return (
                      <Table.Tr key={release.id}>
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
                          {release.release_type ? (
                            <Badge
                              variant="light"
                              tt="none"
                              component="button"
                              style={{ cursor: 'pointer' }}
                              onClick={() => update({ type: release.release_type })}
                              aria-label={t('channel.builds.filter_by_type', { type: release.release_type })}
                            >
                              {release.release_type}
                            </Badge>
                          ) : (
                            <Text c="dimmed">—</Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {release.branch ? (
                            <Anchor
                              component="button"
                              type="button"
                              size="sm"
                              onClick={() => update({ branch: release.branch })}
                              aria-label={t('channel.builds.filter_by_branch', { branch: release.branch })}
                            >
                              {release.branch}
                            </Anchor>
                          ) : (
                            <Text c="dimmed">—</Text>
                          )}
                        </Table.Td>
                        <Table.Td ff="monospace">
                          {release.git_commit ? (
                            commit ? (
                              <Anchor href={commit} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
                                {release.git_commit.slice(0, 8)}
                              </Anchor>
                            ) : (
                              <Text size="sm" ff="monospace" title={release.git_commit}>
                                {release.git_commit.slice(0, 8)}
                              </Text>
                            )
                          ) : (
                            <Text c="dimmed">—</Text>
                          )}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(release.size)}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(release.created_at)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.totalPages > 1 && (
              <Group justify="center">
                <Pagination
                  total={data.totalPages}
                  value={Math.min(page, data.totalPages)}
                  onChange={(value) => update({ page: value === 1 ? null : String(value) }, true)}
                  getControlProps={(control) => ({ 'aria-label': t(`channel.builds.page_${control}`) })}
                  getItemProps={(value) => ({ 'aria-label': t('channel.builds.page_n', { page: value }) })}
                />
              </Group>
            )}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
