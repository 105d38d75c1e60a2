// Adds an email address to a channel's subscribers (the app's admins): active at once, and the
// address gets a mail saying who added it, with a link to stop the mails.
import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelDetail } from '../../../api/channels.ts';
import { fieldError } from '../../../api/error-text.ts';
import { SUBSCRIBER_LOCALES, addSubscriber, subscriberKeys } from '../../../api/subscribers.ts';
import type { SubscriberLocale } from '../../../api/subscribers.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useOnOpen } from '../../../hooks/useOnOpen.ts';
import { useSubmit } from '../../../hooks/useSubmit.ts';

interface Props {
  channel: ChannelDetail;
  opened: boolean;
  onClose: () => void;
}

export function AddSubscriberModal({ channel, opened, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [locale, setLocale] = useState<SubscriberLocale>('en');
  const submit = useSubmit();
  useOnOpen(opened, () => {
    setEmail('');
    setLocale(i18n.language === 'zh-CN' ? 'zh-CN' : 'en');
    submit.setError(undefined);
  });

  const save = submit.handler(() => addSubscriber(channel.id, { email: email.trim(), locale }), {
    invalidate: [subscriberKeys.all(channel.id)],
    success: (added) => t('channel.subscribers.added_one', { email: added.email }),
    onDone: onClose,
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('channel.subscribers.add_title', { channel: channel.name })}
      onSubmit={save}
      busy={submit.busy}
      error={submit.error}
      errorFields={['email', 'locale']}
      submitLabel={t('channel.subscribers.add')}
    >
      <TextInput
        label={t('channel.subscribers.email')}
        description={t('channel.subscribers.email_help')}
        type="email"
        autoComplete="off"
        required
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={fieldError(submit.error, 'email')}
      />
      <Select
        label={t('channel.subscribers.language')}
        data={SUBSCRIBER_LOCALES.map((value) => ({ value, label: t(`channel.subscribers.locales.${value}`) }))}
        value={locale}
        onChange={(value) => value && setLocale(value)}
        allowDeselect={false}
        error={fieldError(submit.error, 'locale')}
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
