// The dialogs the App screen opens, one at a time: rename, archive, delete the app (after typing
// its name), create or edit a scheme or a channel, delete a scheme or a channel.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appKeys, deleteApp, deleteChannel, deleteScheme } from '../../api/apps.ts';
import type { AppDetail, Channel, Scheme } from '../../api/apps.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { ChannelModal } from './ChannelModal.tsx';
import { RenameAppModal } from './RenameAppModal.tsx';
import { SchemeModal } from './SchemeModal.tsx';

export type AppDialog =
  | { kind: 'rename' }
  | { kind: 'archive' }
  | { kind: 'delete' }
  | { kind: 'scheme'; scheme?: Scheme }
  | { kind: 'delete-scheme'; scheme: Scheme }
  | { kind: 'channel'; scheme: Scheme; channel?: Channel }
  | { kind: 'delete-channel'; channel: Channel };

interface AppDialogsProps {
  app: AppDetail;
  dialog: AppDialog | undefined;
  close: () => void;
  setArchived: (archived: boolean) => Promise<void>;
}

/** Deleting the app, a scheme or a channel: each asks first, then says it is done. */
function DeleteDialogs({ app, dialog, close }: Omit<AppDialogsProps, 'setArchived'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: appKeys.all });
  const scheme = dialog?.kind === 'delete-scheme' ? dialog.scheme : undefined;
  const channel = dialog?.kind === 'delete-channel' ? dialog.channel : undefined;
  return (
    <>
      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        title={t('apps.app.delete_title')}
        message={t('apps.app.delete_message', { name: app.name })}
        confirmLabel={t('apps.app.delete')}
        typeName={app.name}
        onConfirm={async () => {
          await deleteApp(app.id);
          notifySuccess(t('apps.app.deleted', { name: app.name }));
          void navigate('/apps', { replace: true });
          await queryClient.invalidateQueries({ queryKey: appKeys.lists });
        }}
      />
      <ConfirmModal
        opened={scheme !== undefined}
        onClose={close}
        title={t('apps.scheme.delete_title')}
        message={scheme ? t('apps.scheme.delete_message', { name: scheme.name, count: scheme.channels.length }) : ''}
        confirmLabel={t('apps.scheme.delete')}
        onConfirm={async () => {
          if (!scheme) return;
          await deleteScheme(scheme.id);
          await refresh();
          notifySuccess(t('apps.scheme.deleted', { name: scheme.name }));
        }}
      />
      <ConfirmModal
        opened={channel !== undefined}
        onClose={close}
        title={t('apps.channel.delete_title')}
        message={channel ? t('apps.channel.delete_message', { name: channel.name }) : ''}
        confirmLabel={t('apps.channel.delete')}
        onConfirm={async () => {
          if (!channel) return;
          await deleteChannel(channel.id);
          await refresh();
          notifySuccess(t('apps.channel.deleted', { name: channel.name }));
        }}
      />
    </>
  );
}

export function AppDialogs({ app, dialog, close, setArchived }: AppDialogsProps) {
  const { t } = useTranslation();
  return (
    <>
      <RenameAppModal app={app} opened={dialog?.kind === 'rename'} onClose={close} />
      <SchemeModal opened={dialog?.kind === 'scheme'} onClose={close} appId={app.id} scheme={dialog?.kind === 'scheme' ? dialog.scheme : undefined} />
      <ChannelModal
        opened={dialog?.kind === 'channel'}
        onClose={close}
        scheme={dialog?.kind === 'channel' ? dialog.scheme : undefined}
        channel={dialog?.kind === 'channel' ? dialog.channel : undefined}
      />
      <ConfirmModal
        opened={dialog?.kind === 'archive'}
        onClose={close}
        title={t('apps.app.archive_title')}
        message={t('apps.app.archive_message', { name: app.name })}
        confirmLabel={t('apps.app.archive')}
        color="orange"
        onConfirm={() => setArchived(true)}
      />
      <DeleteDialogs app={app} dialog={dialog} close={close} />
    </>
  );
}
