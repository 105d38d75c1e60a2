// /apps: the apps the user may see, active or archived (?scope=archived), searched by name
// (?q=) and paged (?page=), so any view can be shared or bookmarked. Global developers and
// admins create apps here, with their first scheme and channels.
import { Button, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconArchive, IconApps, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApps } from '../../api/apps.ts';
import type { AppScope } from '../../api/apps.ts';
import { useCurrentUser } from '../../api/session.ts';
import { CliHelpCard } from '../../components/CliHelpCard.tsx';
import { ListPagination, NoMatchState, PastEndState, QueryBody } from '../../components/ListParts.tsx';
import { EmptyState } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import type { ListParams } from '../../hooks/useListParams.ts';
import { AppCard } from './AppCard.tsx';
import { CreateAppModal } from './CreateAppModal.tsx';

/** How to get a first app: the button, or an upload from CI, which creates app, scheme and channel. */
function FirstAppHelp({ canCreate, onCreate }: { canCreate: boolean; onCreate: () => void }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const lines = [
    `# ${t('apps.empty.curl_comment')}`,
    `curl -F token=<token> -F file=@app.apk ${origin}/api/apps/upload`,
    '',
    `# ${t('apps.empty.fastlane_comment')}`,
    `zealot(endpoint: '${origin}', token: '<token>', channel_key: '<channel key>', file: 'app.ipa')`,
  ];
  return (
    <Stack align="center" gap="md">
      <EmptyState
        title={t('apps.empty.title')}
        description={canCreate ? t('apps.empty.create_hint') : t('apps.empty.member_hint')}
        action={
          canCreate ? (
            <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
              {t('apps.new')}
            </Button>
          ) : undefined
        }
      />
      {canCreate && (
        <CliHelpCard
          title={t('apps.empty.upload_title')}
          hint={t('apps.empty.upload_hint')}
          lines={lines}
          tokenHint={t('apps.empty.token_hint')}
          tokenLink={t('apps.empty.token_link')}
        />
      )}
    </Stack>
  );
}

/** What the list shows without apps: past the last page, no match, nothing archived, or how to start. */
function NoApps(props: { list: ListParams; total: number; scope: AppScope; canCreate: boolean; onCreate: () => void }) {
  const { t } = useTranslation();
  const { list, total, scope, canCreate, onCreate } = props;
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
  if (scope === 'archived') return <EmptyState title={t('apps.empty.no_archived')} description={t('apps.empty.no_archived_hint')} />;
  return <FirstAppHelp canCreate={canCreate} onCreate={onCreate} />;
}

/** The Active / Archived tabs and the search box, both in the URL. */
function AppFilters({ list, scope }: { list: ListParams; scope: AppScope }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Tabs value={scope} onChange={(value) => list.setParam({ scope: value === 'archived' ? 'archived' : undefined, page: undefined }, { push: true })}>
        <Tabs.List>
          <Tabs.Tab value="active" leftSection={<IconApps size={16} />}>
            {t('apps.tabs.active')}
          </Tabs.Tab>
          <Tabs.Tab value="archived" leftSection={<IconArchive size={16} />}>
            {t('apps.tabs.archived')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
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
    </Group>
  );
}

/** `/apps?new=1` (the dashboard's "New app") opens the create dialog; closing it drops the parameter. */
function useCreateDialog(list: ListParams): [boolean, (open: boolean) => void] {
  const [creating, setCreating] = useState(() => list.params.get('new') === '1');
  const set = (open: boolean) => {
    setCreating(open);
    if (!open && list.params.has('new')) list.setParam({ new: undefined });
  };
  return [creating, set];
}

export default function AppsPage() {
  const { t } = useTranslation();
  useTitle(t('apps.title'));
  const user = useCurrentUser();
  const canCreate = user.role === 'admin' || user.role === 'developer';
  const list = useListParams();
  const scope: AppScope = list.params.get('scope') === 'archived' ? 'archived' : 'active';
  const [creating, setCreating] = useCreateDialog(list);
  const apps = useApps(scope, list.q, list.page);

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">{t('apps.title')}</Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('apps.new')}
          </Button>
        )}
      </Group>
      <AppFilters list={list} scope={scope} />
      <QueryBody
        query={apps}
        isEmpty={(data) => data.items.length === 0}
        empty={<NoApps list={list} total={apps.data?.total ?? 0} scope={scope} canCreate={canCreate} onCreate={() => setCreating(true)} />}
      >
        {(data) => (
          <Stack>
            <Text size="sm" c="dimmed">
              {t('apps.list.total', { count: data.total })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('apps.title')}>
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
      {canCreate && <CreateAppModal opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
