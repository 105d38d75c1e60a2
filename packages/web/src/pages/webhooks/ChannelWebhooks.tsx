// A channel's Webhooks tab: its own hooks and the shared ones attached to it (read-only, "Shared"),
// with Add, Edit, Send test, Delete for the app's admins; the rest of the team sees the list and
// the channel hooks' deliveries, and the Add button says why it is not theirs to use.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChannelWebhooks } from '../../api/webhooks.ts';
import { QueryBody } from '../../components/ListParts.tsx';
import { EmptyState } from '../../components/PageState.tsx';
import { useHookDialogs } from './HookDialogs.tsx';
import { WebhooksHeader } from './WebhooksHeader.tsx';
import { WebhookTable } from './WebhookTable.tsx';

interface Props {
  channelId: number;
  canManage: boolean;
  /** While the app's permissions load, the Add button gives no reason yet. */
  loadingPermissions: boolean;
}

export function ChannelWebhooks({ channelId, canManage, loadingPermissions }: Props) {
  const { t } = useTranslation();
  const hooks = useChannelWebhooks(channelId);
  const { act, add, dialogs } = useHookDialogs({ kind: 'channel', channelId });
  return (
    <Stack>
      <WebhooksHeader
        level={2}
        title={t('webhooks.title')}
        hint={t('webhooks.channel_hint')}
        onAdd={add}
        unavailable={!canManage}
        reason={loadingPermissions ? undefined : t('webhooks.manage_reason')}
      />
      <QueryBody
        query={hooks}
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title={t('webhooks.empty')} description={canManage ? t('webhooks.empty_hint') : t('webhooks.empty_member')} />}
      >
        {(data) => <WebhookTable hooks={data} onAction={act} />}
      </QueryBody>
      {dialogs}
    </Stack>
  );
}
