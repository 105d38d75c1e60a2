// A channel's builds, newest first: filters by branch, release type and version text, and the
// page, all kept in the URL (?branch=…&type=…&q=…&page=…) so a filtered list can be shared.
import { Button, Card, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChannelDetail } from '../../../api/channels.ts';
import { useChannelReleases, useReleaseFacets } from '../../../api/releases.ts';
import type { Facet } from '../../../api/releases.ts';
import { ListPagination, NoMatchState, QueryBody } from '../../../components/ListParts.tsx';
import { EmptyState } from '../../../components/PageState.tsx';
import { useListParams } from '../../../hooks/useListParams.ts';
import type { ListParams } from '../../../hooks/useListParams.ts';
import { BuildsTable } from './BuildsTable.tsx';
import type { FilterBy } from './BuildsTable.tsx';

const FILTERS = ['branch', 'type'];

function options(facets: Facet[] | undefined, current: string | undefined) {
  const list = (facets ?? []).map((facet) => ({ value: facet.name, label: `${facet.name} (${facet.count})` }));
  // A filter from a shared link that no build has any more still shows as chosen.
  if (current && !list.some((option) => option.value === current)) list.unshift({ value: current, label: current });
  return list;
}

interface FiltersProps {
  channel: ChannelDetail;
  list: ListParams;
  filterBy: FilterBy;
  fetching: boolean;
}

function BuildsFilters({ channel, list, filterBy, fetching }: FiltersProps) {
  const { t } = useTranslation();
  const facets = useReleaseFacets(channel.id);
  const branch = list.params.get('branch') || undefined;
  const type = list.params.get('type') || undefined;
  const select = { clearable: true, searchable: true, w: { base: '100%', xs: 190 } };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('channel.builds.branch')}
        placeholder={t('channel.builds.all_branches')}
        data={options(facets.data?.branches, branch)}
        value={branch ?? null}
        onChange={(value) => filterBy({ branch: value ?? undefined })}
        nothingFoundMessage={t('channel.builds.no_branches')}
        {...select}
      />
      <Select
        label={t('channel.builds.release_type')}
        placeholder={t('channel.builds.all_types')}
        data={options(facets.data?.release_types, type)}
        value={type ?? null}
        onChange={(value) => filterBy({ type: value ?? undefined })}
        nothingFoundMessage={t('channel.builds.no_types')}
        {...select}
      />
      <TextInput
        label={t('channel.builds.search')}
        placeholder={t('channel.builds.search_placeholder')}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        w={{ base: '100%', xs: 200 }}
        maxLength={255}
      />
      {(branch || type || list.q) && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => list.clear(FILTERS)}>
          {t('channel.builds.clear_filters')}
        </Button>
      )}
      {fetching && <Loader size="xs" role="status" aria-label={t('common.loading')} />}
    </Group>
  );
}

interface NoBuildsProps {
  filtered: boolean;
  list: ListParams;
  canUpload: boolean;
  onUpload: () => void;
}

function NoBuilds({ filtered, list, canUpload, onUpload }: NoBuildsProps) {
  const { t } = useTranslation();
  if (filtered) {
    const clearLabel = t('channel.builds.clear_filters');
    return <NoMatchState title={t('channel.builds.no_match')} description={t('channel.builds.no_match_hint')} onClear={() => list.clear(FILTERS)} clearLabel={clearLabel} />;
  }
  const upload = (
    <Button leftSection={<IconUpload size={16} />} onClick={onUpload}>
      {t('channel.upload.button')}
    </Button>
  );
  return <EmptyState title={t('channel.builds.empty')} description={t('channel.builds.empty_hint')} action={canUpload ? upload : undefined} />;
}

export function BuildsList({ channel, canUpload, onUpload }: { channel: ChannelDetail; canUpload: boolean; onUpload: () => void }) {
  const { t } = useTranslation();
  const list = useListParams();
  const branch = list.params.get('branch') || undefined;
  const releaseType = list.params.get('type') || undefined;
  const q = list.q || undefined;
  const filtered = branch !== undefined || releaseType !== undefined || q !== undefined;
  const releases = useChannelReleases(channel.id, { branch, release_type: releaseType, q }, list.page);
  // Any filter change goes back to page 1, and is a step the back button undoes.
  const filterBy: FilterBy = (changes) => list.setParam({ ...changes, page: undefined }, { push: true });
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <BuildsFilters channel={channel} list={list} filterBy={filterBy} fetching={releases.isFetching && !releases.isPending} />
        <QueryBody
          query={releases}
          isEmpty={(data) => data.total === 0}
          empty={<NoBuilds filtered={filtered} list={list} canUpload={canUpload} onUpload={onUpload} />}
        >
          {(data) => (
            <>
              <Text size="sm" c="dimmed" role="status">
                {t('channel.builds.total', { count: data.total })}
              </Text>
              <BuildsTable channel={channel} releases={data.items} filterBy={filterBy} />
              <ListPagination
                totalPages={data.totalPages}
                page={list.page}
                onChange={(page) => list.setParam({ page: page === 1 ? undefined : String(page) }, { push: true })}
              />
            </>
          )}
        </QueryBody>
      </Stack>
    </Card>
  );
}
