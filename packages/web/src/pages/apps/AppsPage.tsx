// /apps: the apps the user may see, active or archived (?scope=archived), searched by name
// (?q=) and paged (?page=), so any view can be shared or bookmarked. Global developers and
// admins create apps here, with their first scheme and channels.
import { Anchor, Badge, Button, Card, Code, Group, Pagination, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArchive, IconApps, IconPlus, IconSearch, IconTerminal } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { deviceTypesOf, useApps } from '../../api/apps.ts';
import type { App, AppScope } from '../../api/apps.ts';
import { useCurrentUser } from '../../api/session.ts';
import { EmptyState, ErrorState, PageLoader } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks.ts';
import { CreateAppModal } from './CreateAppModal.tsx';
import { DeviceTypeBadge } from './DeviceType.tsx';

function AppCard({ app }: { app: App }) {
  const { t } = useTranslation();
  const channels = app.schemes.reduce((sum, scheme) => sum + scheme.channels.length, 0);
  return (
    <Card withBorder padding="md" data-testid="app-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`/apps/${app.id}`} fw={600} size="lg" lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {app.name}
          </Anchor>
          <Group gap={4} wrap="nowrap">
            {app.archived && (
              <Badge color="gray" variant="outline">
                {t('apps.archived_badge')}
              </Badge>
            )}
            {app.role && <Badge variant="light">{t(`apps.role.${app.role}`)}</Badge>}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('apps.list.summary', { schemes: t('apps.list.schemes', { count: app.schemes.length }), channels: t('apps.list.channels', { count: channels }) })}
        </Text>
        {app.schemes.length > 0 && (
          <Stack gap={2}>
            {app.schemes.slice(0, 3).map((scheme) => (
              <Text key={scheme.id} size="sm" lineClamp={1}>
                <Text span fw={500}>
                  {scheme.name}
                </Text>
                {': '}
                {scheme.channels.length > 0 ? scheme.channels.map((channel) => channel.name).join(', ') : t('apps.list.no_channels')}
              </Text>
            ))}
            {app.schemes.length > 3 && (
              <Text size="xs" c="dimmed">
                {t('apps.list.more_schemes', { count: app.schemes.length - 3 })}
              </Text>
            )}
          </Stack>
        )}
        <Group gap={4}>
          {deviceTypesOf(app).map((type) => (
            <DeviceTypeBadge key={type} type={type} />
          ))}
        </Group>
        {app.owner && (
          <Text size="xs" c="dimmed">
            {t('apps.list.owner', { name: app.owner.username })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** How to get a first app: the button, or an upload from CI, which creates app, scheme and channel. */
function FirstAppHelp({ canCreate, onCreate }: { canCreate: boolean; onCreate: () => void }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const snippet = [
    `# ${t('apps.empty.curl_comment')}`,
    `curl -F token=<token> -F file=@app.apk ${origin}/api/apps/upload`,
    '',
    `# ${t('apps.empty.fastlane_comment')}`,
    `zealot(endpoint: '${origin}', token: '<token>', channel_key: '<channel key>', file: 'app.ipa')`,
  ].join('\n');
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
        <Card withBorder padding="md" w="100%" maw={760}>
          <Stack gap="xs">
            <Group gap="xs">
              <IconTerminal size={18} />
              <Text fw={600}>{t('apps.empty.upload_title')}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('apps.empty.upload_hint')}
            </Text>
            <Code block data-testid="upload-snippet" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {snippet}
            </Code>
            <Text size="xs" c="dimmed">
              {t('apps.empty.token_hint')}{' '}
              <Anchor component={Link} to="/settings/tokens" size="xs">
                {t('apps.empty.token_link')}
              </Anchor>
            </Text>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

export default function AppsPage() {
  const { t } = useTranslation();
  useTitle(t('apps.title'));
  const user = useCurrentUser();
  const canCreate = user.role === 'admin' || user.role === 'developer';
  const [params, setParams] = useSearchParams();
  const scope: AppScope = params.get('scope') === 'archived' ? 'archived' : 'active';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, 300);
  // `/apps?new=1` (the dashboard's "New app") opens the create dialog.
  const [creating, setCreatingState] = useState(() => params.get('new') === '1');
  const setCreating = (open: boolean) => {
    setCreatingState(open);
    if (!open && params.has('new')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('new');
          return next;
        },
        { replace: true },
      );
    }
  };
  const apps = useApps(scope, q, page);

  // Keep the box in step with the URL (back button, a shared link)…
  useEffect(() => setSearch(q), [q]);
  // …and the URL in step with what was typed.
  useEffect(() => {
    if (debounced.trim() === q) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced.trim()) next.set('q', debounced.trim());
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced]);

  function update(changes: Record<string, string | undefined>) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  }

  let body;
  if (apps.isPending) body = <PageLoader />;
  else if (apps.isError) body = <ErrorState error={apps.error} onRetry={() => void apps.refetch()} />;
  else if (apps.data.items.length === 0) {
    if (apps.data.total > 0)
      body = (
        <EmptyState
          title={t('apps.empty.past_end', { page })}
          action={
            <Button variant="light" onClick={() => update({ page: undefined })}>
              {t('apps.pagination.first')}
            </Button>
          }
        />
      );
    else if (q)
      body = (
        <EmptyState
          title={t('apps.empty.no_match', { q })}
          description={t('apps.empty.no_match_hint')}
          action={
            <Button variant="light" onClick={() => update({ q: undefined, page: undefined })}>
              {t('apps.clear_search')}
            </Button>
          }
        />
      );
    else if (scope === 'archived') body = <EmptyState title={t('apps.empty.no_archived')} description={t('apps.empty.no_archived_hint')} />;
    else body = <FirstAppHelp canCreate={canCreate} onCreate={() => setCreating(true)} />;
  } else {
    const { items, total, totalPages } = apps.data;
    body = (
      <Stack>
        <Text size="sm" c="dimmed" data-testid="apps-total">
          {t('apps.list.total', { count: total })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} data-testid="apps-list">
          {items.map((app) => (
            <AppCard key={app.id} app={app} />
          ))}
        </SimpleGrid>
        {totalPages > 1 && (
          <Group justify="center">
            <Pagination
              total={totalPages}
              value={Math.min(page, totalPages)}
              onChange={(value) => update({ page: value === 1 ? undefined : String(value) })}
              getControlProps={(control) => ({ 'aria-label': t(`apps.pagination.${control}`) })}
              getItemProps={(value) => ({ 'aria-label': t('apps.pagination.page', { page: value }) })}
            />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={2}>{t('apps.title')}</Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="new-app">
            {t('apps.new')}
          </Button>
        )}
      </Group>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Tabs value={scope} onChange={(value) => update({ scope: value === 'archived' ? 'archived' : undefined, page: undefined })}>
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
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={255}
        />
      </Group>
      {body}
      {canCreate && <CreateAppModal opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
