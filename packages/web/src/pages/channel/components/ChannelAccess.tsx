// Who can reach a channel's builds: its password (set, change, or remove after a confirmation;
// the status says whether visitors need it) and its key (shown to those who may see it, copied,
// regenerated after a confirmation).
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../api/client.ts';
import { regenerateChannelKey, updateChannel } from '../../../api/channels.ts';
import type { ChannelDetail } from '../../../api/channels.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useSubmit } from '../../../hooks/useSubmit.ts';
import { ChannelKeyField } from './ChannelCards.tsx';
import { useChannelSaved } from './useChannelSaved.ts';

function errorText(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return fieldError(error, 'password') ?? (error instanceof Error ? error.message : undefined);
}

function PasswordForm({ channel, editable }: { channel: ChannelDetail; editable: boolean }) {
  const { t } = useTranslation();
  const saved = useChannelSaved();
  const submit = useSubmit();
  const [password, setPassword] = useState('');
  function send(event: FormEvent) {
    event.preventDefault();
    if (password === '') return submit.setError(new Error(t('channel.settings.password_required')));
    const onDone = (updated: ChannelDetail) => {
      saved(updated);
      setPassword('');
    };
    void submit.run(() => updateChannel(channel.id, { password }), { onDone, success: () => t('channel.settings.password_set') });
  }
  return (
    <form onSubmit={send}>
      <Group align="flex-start" gap="sm">
        <PasswordInput
          label={channel.has_password ? t('channel.settings.new_password') : t('channel.fields.password')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errorText(submit.error)}
          disabled={!editable}
          autoComplete="new-password"
          maxLength={255}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="submit" mt={25} loading={submit.busy} disabled={!editable || password === ''}>
          {channel.has_password ? t('channel.settings.change_password') : t('channel.settings.set_password')}
        </Button>
      </Group>
    </form>
  );
}

export function PasswordCard({ channel, editable }: { channel: ChannelDetail; editable: boolean }) {
  const { t } = useTranslation();
  const saved = useChannelSaved();
  const [confirming, setConfirming] = useState(false);
  return (
    <SectionCard
      title={t('channel.settings.password_title')}
      icon={channel.has_password ? <IconLock size={18} aria-hidden /> : <IconLockOpen size={18} aria-hidden />}
      description={<span role="status">{channel.has_password ? t('channel.settings.password_on') : t('channel.settings.password_off')}</span>}
    >
      <Stack gap="sm">
        <PasswordForm channel={channel} editable={editable} />
        {channel.has_password && (
          <Group>
            <Button variant="light" color="red" disabled={!editable} onClick={() => setConfirming(true)} leftSection={<IconLockOpen size={16} />}>
              {t('channel.settings.remove_password')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('channel.settings.remove_password')}
        message={t('channel.settings.remove_password_confirm')}
        confirmLabel={t('channel.settings.remove_password')}
        onConfirm={async () => {
          saved(await updateChannel(channel.id, { password: '' }));
          notifySuccess(t('channel.settings.password_removed'));
        }}
      />
    </SectionCard>
  );
}

export function KeyCard({ channel, canManage }: { channel: ChannelDetail; canManage: boolean }) {
  const { t } = useTranslation();
  const saved = useChannelSaved();
  const [confirming, setConfirming] = useState(false);
  return (
    <SectionCard title={t('channel.key.title')} description={t('channel.key.description')}>
      <Stack gap="sm">
        {channel.key !== undefined ? (
          <ChannelKeyField channelKey={channel.key} />
        ) : (
          <Text size="sm">{t('channel.key.hidden')}</Text>
        )}
        <Group>
          <Button variant="light" color="orange" leftSection={<IconRefresh size={16} />} disabled={!canManage} onClick={() => setConfirming(true)}>
            {t('channel.key.regenerate')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('channel.key.regenerate')}
        message={t('channel.key.regenerate_confirm')}
        confirmLabel={t('channel.key.regenerate')}
        color="orange"
        onConfirm={async () => {
          saved(await regenerateChannelKey(channel.id));
          notifySuccess(t('channel.key.regenerated'));
        }}
      />
    </SectionCard>
  );
}
