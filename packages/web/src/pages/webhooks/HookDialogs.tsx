// What a webhook list opens, for the channel's Webhooks tab and the admin screen alike: the
// editor (add or edit), the delete confirmation, the deliveries drawer, and "send test" (queued,
// then the deliveries open to show it arrive).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteWebhook, testWebhook, webhookKeys } from '../../api/webhooks.ts';
import type { Webhook } from '../../api/webhooks.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useQueryClient } from '@tanstack/react-query';
import { DeliveriesDrawer } from './DeliveriesDrawer.tsx';
import { useHookName, WebhookEditor } from './WebhookEditor.tsx';
import type { EditorTarget } from './WebhookEditor.tsx';
import type { HookAction } from './WebhookTable.tsx';

export function useHookDialogs(target: EditorTarget) {
  const { t } = useTranslation();
  const name = useHookName();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Webhook | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);

  async function test(hook: Webhook) {
    try {
      await testWebhook(hook.id);
      notifySuccess(t('webhooks.test_sent', { name: name(hook) }));
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      setLog(hook);
    } catch (error) {
      notifyError(error);
    }
  }

  function act(kind: HookAction, hook: Webhook) {
    if (kind === 'edit') setEditing(hook);
    else if (kind === 'delete') setDeleting(hook);
    else if (kind === 'deliveries') setLog(hook);
    else void test(hook);
  }

  const dialogs = (
    <>
      <WebhookEditor opened={editing !== null} onClose={() => setEditing(null)} hook={editing === 'new' ? null : editing} target={target} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? t('webhooks.delete_title', { name: name(deleting) }) : ''}
        message={t('webhooks.delete_message')}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteWebhook(deleting.id);
          notifySuccess(t('webhooks.deleted', { name: name(deleting) }));
          await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
        }}
      />
      <DeliveriesDrawer
        key={log?.id ?? 0}
        hook={log}
        onClose={() => {
          setLog(null);
          // What the drawer saw arrive shows in the list's "last delivery" too.
          void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
        }}
      />
    </>
  );
  return { act, add: () => setEditing('new'), dialogs };
}
