// /admin/webhooks: the shared webhooks, for administrators (anyone else gets the 404 screen, as the
// API answers them 403): each posts for the channels an administrator attaches it to, in any app.
// Add, edit (the same editor as a channel's, with the channels to post for), send test, deliveries,
// delete. The page is in the URL (?page=).
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session.ts';
import { useSharedWebhooks } from '../../api/webhooks.ts';
import { ListPagination, PastEndState, QueryBody } from '../../components/ListParts.tsx';
import { EmptyState } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { useHookDialogs } from './HookDialogs.tsx';
import { WebhooksHeader } from './WebhooksHeader.tsx';
import { WebhookTable } from './WebhookTable.tsx';

function SharedWebhooks() {
  const { t } = useTranslation();
  useTitle(t('webhooks.admin_title'));
  const list = useListParams();
  const hooks = useSharedWebhooks(list.page);
  const { act, add, dialogs } = useHookDialogs({ kind: 'shared' });
  const toPage = (page: number) => list.setParam({ page: page === 1 ? undefined : String(page) });
  const empty =
    hooks.data && hooks.data.total > 0 ? (
      <PastEndState page={list.page} onFirstPage={() => toPage(1)} />
    ) : (
      <EmptyState title={t('webhooks.empty')} description={t('webhooks.empty_hint')} />
    );
  return (
    <Stack>
      <WebhooksHeader level={1} title={t('webhooks.admin_title')} hint={t('webhooks.admin_hint')} onAdd={add} />
      <QueryBody query={hooks} isEmpty={(data) => data.items.length === 0} empty={empty}>
        {(data) => <WebhookTable hooks={data.items} showChannels onAction={act} />}
      </QueryBody>
      {hooks.data && <ListPagination totalPages={hooks.data.totalPages} page={list.page} onChange={toPage} />}
      {dialogs}
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen (the page does not exist for them). */
export default function AdminWebhooksPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <SharedWebhooks /> : <NotFoundPage />;
}
