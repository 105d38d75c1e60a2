// A channel's settings tab (the app's admins): the settings form, the password and the key.
// Others see the same form disabled, with who may change it.
import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChannelDetail } from '../../../api/channels.ts';
import { KeyCard, PasswordCard } from './ChannelAccess.tsx';
import { ChannelForm } from './ChannelForm.tsx';

interface Props {
  channel: ChannelDetail;
  canManage: boolean;
  loadingPermissions: boolean;
}

export function ChannelSettings({ channel, canManage, loadingPermissions }: Props) {
  const { t } = useTranslation();
  const editable = canManage && !channel.app.archived;
  return (
    <Stack gap="md" maw={760}>
      {!loadingPermissions && !canManage && (
        <Alert icon={<IconInfoCircle />} color="blue">
          {t('channel.settings.admins_only')}
        </Alert>
      )}
      <ChannelForm channel={channel} editable={editable} />
      <PasswordCard channel={channel} editable={editable} />
      <KeyCard channel={channel} canManage={canManage} />
    </Stack>
  );
}
