// Who can reach a channel's builds: its password (set, change, or remove after a confirmation;
// the status says whether visitors need it) and its key (shown to those who may see it, copied,
// regenerated after a confirmation).
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText as describeError, fieldError } from '../../../api/error-text.ts';
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
  return fieldError(error, 'password') ?? describeError(error);
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

interface ConfirmedChangeProps {
  /** The button's text, which is also the dialog's title and its confirm button. */
  label: string;
  message: string;
  /** The notification once done. */
  done: string;
  color: string;
  icon: ReactNode;
  disabled: boolean;
  change: () => Promise<ChannelDetail>;
}

/** A button for a change that cannot be undone: it asks first, then saves and says so. */
function ConfirmedChange({ label, message, done, color, icon, disabled, change }: ConfirmedChangeProps) {
  const saved = useChannelSaved();
  const [confirming, setConfirming] = useState(false);
  return (
    <Group>
      <Button variant="light" color={color} leftSection={icon} disabled={disabled} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={label}
        message={message}
        confirmLabel={label}
        color={color}
        onConfirm={async () => {
          saved(await change());
          notifySuccess(done);
        }}
      />
    </Group>
  );
}

export function PasswordCard({ channel, editable }: { channel: ChannelDetail; editable: boolean }) {
  const { t } = useTranslation();
  const status = channel.has_password ? t('channel.settings.password_on') : t('channel.settings.password_off');
  return (
    <SectionCard
      title={t('channel.settings.password_title')}
      icon={channel.has_password ? <IconLock size={18} aria-hidden /> : <IconLockOpen size={18} aria-hidden />}
      description={<span role="status">{status}</span>}
    >
      <Stack gap="sm">
        <PasswordForm channel={channel} editable={editable} />
        {channel.has_password && (
          <ConfirmedChange
            label={t('channel.settings.remove_password')}
            message={t('channel.settings.remove_password_confirm')}
            done={t('channel.settings.password_removed')}
            color="red"
            icon={<IconLockOpen size={16} />}
            disabled={!editable}
            change={() => updateChannel(channel.id, { password: '' })}
          />
        )}
      </Stack>
    </SectionCard>
  );
}

export function KeyCard({ channel, canManage }: { channel: ChannelDetail; canManage: boolean }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('channel.key.title')} description={t('channel.key.description')}>
      <Stack gap="sm">
        {channel.key !== undefined ? <ChannelKeyField channelKey={channel.key} /> : <Text size="sm">{t('channel.key.hidden')}</Text>}
        <ConfirmedChange
          label={t('channel.key.regenerate')}
          message={t('channel.key.regenerate_confirm')}
          done={t('channel.key.regenerated')}
          color="orange"
          icon={<IconRefresh size={16} />}
          disabled={!canManage}
          change={() => regenerateChannelKey(channel.id)}
        />
      </Stack>
    </SectionCard>
  );
}
