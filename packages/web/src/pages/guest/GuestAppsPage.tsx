// /apps for a signed-out visitor while guest mode is on: the public apps (GET /api/apps answers a
// guest those only), searched by name (?q=) and paged (?page=), each linking to its guest page.
// Nothing to create or manage; the empty state says no app is public yet.
import { SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApps } from '../../api/apps.ts';
import { ListPagination, NoMatchState, PastEndState, QueryBody } from '../../components/ListParts.tsx';
import { EmptyState } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import type { ListParams } from '../../hooks/useListParams.ts';
import { AppCard } from '../apps/AppCard.tsx';

function NoPublicApps({ list, total }: { list: ListParams; total: number }) {
  const { t } = useTranslation();
  if (total > 0) return <PastEndState page={list.page} onFirstPage={() => list.setParam({ page: undefined }, { push: true })} />;
  if (list.q) {
    return (
      <NoMatchState
        title={t('apps.empty.no_match', { q: list.q })}
        description={t('apps.empty.no_match_hint')}
        clearLabel={t('apps.clear_search')}
        onClear={() => list.clear()}
      />
    );
  }
  return <EmptyState title={t('apps.guest.empty_title')} description={t('apps.guest.empty_hint')} />;
}

export default function GuestAppsPage() {
  const { t } = useTranslation();
  useTitle(t('apps.guest.title'));
  const list = useListParams();
  const apps = useApps('active', list.q, list.page);
  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('apps.guest.title')}</Title>
        <Text c="dimmed" size="sm">{t('apps.guest.intro')}</Text>
      </Stack>
      <TextInput
        type="search"
        w={{ base: '100%', xs: 280 }}
        leftSection={<IconSearch size={16} />}
        placeholder={t('apps.search_placeholder')}
        aria-label={t('apps.search_label')}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        maxLength={255}
      />
      <QueryBody
        query={apps}
        isEmpty={(data) => data.items.length === 0}
        empty={<NoPublicApps list={list} total={apps.data?.total ?? 0} />}
      >
        {(data) => (
          <Stack>
            <Text size="sm" c="dimmed">
              {t('apps.list.total', { count: data.total })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('apps.guest.title')}>
              {data.items.map((app) => (
                <AppCard key={app.id} app={app} />
              ))}
            </SimpleGrid>
            <ListPagination
              totalPages={data.totalPages}
              page={list.page}
              onChange={(value) => list.setParam({ page: value === 1 ? undefined : String(value) }, { push: true })}
            />
          </Stack>
        )}
      </QueryBody>
    </Stack>
  );
}
