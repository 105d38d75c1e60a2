// /admin/audit: the audit log for administrators (anyone else gets the 404 screen, as the API answers
// them 403). Filters live in the URL (?action=, ?actor=, ?outcome=, ?from=, ?to=, ?q=, ?page=); the
// search box waits for typing to pause. A row opens its detail; Export downloads what the filters
// match, as CSV or JSON, through the documented export URL (a GET with the session cookie).
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_OUTCOMES, auditExportUrl, useAuditActions, useAuditEvents } from '../../api/audit.ts';
import type { AuditAction, AuditEvent, AuditFilter, AuditOutcome } from '../../api/audit.ts';
import { useCurrentUser } from '../../api/session.ts';
import { ListPagination, NoMatchState, PastEndState, QueryBody } from '../../components/ListParts.tsx';
import { EmptyState } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import type { ListParams } from '../../hooks/useListParams.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { AuditDetailModal, AuditTable } from './AuditTable.tsx';

const FILTERS = ['action', 'actor', 'outcome', 'from', 'to'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function filterOf(list: ListParams, actions: readonly string[]): AuditFilter {
  const get = (name: string) => list.params.get(name) ?? '';
  const action = actions.includes(get('action')) ? (get('action') as AuditAction) : '';
  const outcome = (AUDIT_OUTCOMES as readonly string[]).includes(get('outcome')) ? (get('outcome') as AuditOutcome) : '';
  const date = (name: string) => (DATE.test(get(name)) ? get(name) : '');
  return { action, actor: get('actor'), outcome, from: date('from'), to: date('to'), q: list.q };
}

function Filters({ list, filter, actions }: { list: ListParams; filter: AuditFilter; actions: readonly AuditAction[] }) {
  const { t } = useTranslation();
  const set = (name: string, value: string | null) => list.setParam({ [name]: value ?? '', page: undefined });
  const [actor, setActor] = useState(filter.actor);
  const filtered = FILTERS.some((name) => list.params.get(name)) || list.q !== '';
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('audit.filters.action')}
        data={[{ value: '', label: t('audit.filters.all_actions') }, ...actions.map((value) => ({ value, label: t(`audit.actions.${value}`) }))]}
        value={filter.action}
        onChange={(value) => set('action', value)}
        allowDeselect={false}
        searchable
        w={{ base: '100%', xs: 240 }}
      />
      <TextInput
        label={t('audit.filters.actor')}
        placeholder={t('audit.filters.actor_placeholder')}
        value={actor}
        onChange={(event) => setActor(event.currentTarget.value)}
        onBlur={() => set('actor', actor.trim())}
        onKeyDown={(event) => event.key === 'Enter' && set('actor', actor.trim())}
        maxLength={255}
        w={{ base: '100%', xs: 160 }}
      />
      <Select
        label={t('audit.filters.outcome')}
        data={[{ value: '', label: t('audit.filters.all_outcomes') }, ...AUDIT_OUTCOMES.map((value) => ({ value, label: t(`audit.outcomes.${value}`) }))]}
        value={filter.outcome}
        onChange={(value) => set('outcome', value)}
        allowDeselect={false}
        w={{ base: '100%', xs: 150 }}
      />
      <TextInput type="date" label={t('audit.filters.from')} value={filter.from} onChange={(event) => set('from', event.currentTarget.value)} w={{ base: '100%', xs: 160 }} />
      <TextInput type="date" label={t('audit.filters.to')} value={filter.to} onChange={(event) => set('to', event.currentTarget.value)} w={{ base: '100%', xs: 160 }} />
      <TextInput
        label={t('audit.filters.search')}
        placeholder={t('audit.filters.search_placeholder')}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        maxLength={200}
        w={{ base: '100%', xs: 200 }}
      />
      {filtered && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => { setActor(''); list.clear(FILTERS); }}>
          {t('audit.filters.clear')}
        </Button>
      )}
    </Group>
  );
}

function ExportButtons({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {(['csv', 'json'] as const).map((format) => (
        <Button key={format} component="a" href={auditExportUrl(filter, format)} download variant="light" leftSection={<IconDownload size={16} />}>
          {t(`audit.export.${format}`)}
        </Button>
      ))}
    </Group>
  );
}

function AuditLog({ actions }: { actions: readonly AuditAction[] }) {
  const { t } = useTranslation();
  const list = useListParams();
  const filter = filterOf(list, actions);
  const events = useAuditEvents(filter, list.page);
  const [open, setOpen] = useState<AuditEvent | null>(null);
  const filtered = FILTERS.some((name) => list.params.get(name)) || list.q !== '';
  const empty = events.data && events.data.total > 0
    ? <PastEndState page={list.page} onFirstPage={() => list.setParam({ page: undefined })} />
    : filtered
      ? <NoMatchState title={t('audit.none_found')} clearLabel={t('audit.filters.clear')} onClear={() => list.clear(FILTERS)} />
      : <EmptyState title={t('audit.empty.title')} description={t('audit.empty.description')} />;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Filters list={list} filter={filter} actions={actions} />
        <ExportButtons filter={filter} />
      </Group>
      <QueryBody query={events} isEmpty={(data) => data.items.length === 0} empty={empty}>
        {(data) => <AuditTable events={data.items} busy={events.isFetching} onOpen={setOpen} />}
      </QueryBody>
      {events.data && (
        <ListPagination
          totalPages={events.data.totalPages}
          page={list.page}
          onChange={(value) => list.setParam({ page: value === 1 ? undefined : String(value) })}
          aside={<Text size="sm" c="dimmed">{t('audit.total', { count: events.data.total })}</Text>}
        />
      )}
      <Text size="xs" c="dimmed">{t('audit.export.hint')} {t('audit.retention')}</Text>
      <AuditDetailModal event={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

function AuditAdmin() {
  const { t } = useTranslation();
  useTitle(t('audit.title'));
  const actions = useAuditActions();
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">{t('audit.title')}</Title>
        <Text c="dimmed">{t('audit.subtitle')}</Text>
      </div>
      <QueryBody query={actions}>{(data) => <AuditLog actions={data} />}</QueryBody>
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen (the page does not exist for them). */
export default function AdminAuditPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <AuditAdmin /> : <NotFoundPage />;
}
