// The administrators' mail card: how this server sends mail (TARMAC_SMTP_URL, never the password),
// the sign-in link switch (needs mail), and "Send test mail" with its outcome in words.
import { Alert, Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { sendTestMail, useMailSettings } from '../../api/account-mail.ts';
import type { MailSettings } from '../../api/account-mail.ts';
import { useSettings } from '../../api/admin.ts';
import { ApiError } from '../../api/client.ts';
import { errorText, fieldError } from '../../api/error-text.ts';
import { useCurrentUser } from '../../api/session.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { SettingSwitch } from '../admin/SettingSwitch.tsx';

const FAILURES = ['recipient-refused', 'auth-failed', 'tls-failed', 'unreachable', 'timeout', 'failed'];

/** A refused test mail in words: what kind of failure (translated), then the server's own answer. */
function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'mail.send_failed') {
    const failure = String(error.params.failure);
    const kind = FAILURES.includes(failure) ? t(`mail_admin.failure.${failure}`) : failure;
    return t('mail_admin.test_failed', { kind, reason: String(error.params.reason ?? '') });
  }
  return errorText(error);
}

function MailFacts({ mail }: { mail: MailSettings }) {
  const { t } = useTranslation();
  if (!mail.configured) return <Text size="sm">{t('mail_admin.not_configured')}</Text>;
  const rows: [string, string][] = [
    [t('mail_admin.from'), mail.from ?? ''],
    [t('mail_admin.server'), `${mail.host ?? ''}:${mail.port ?? ''}${mail.user ? ` (${mail.user})` : ''}`],
    [t('mail_admin.tls'), t(`mail_admin.tls_modes.${mail.tls ?? 'none'}`)],
  ];
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 1rem' }}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Text component="dt" size="sm" fw={500}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </Fragment>
      ))}
    </dl>
  );
}

function SignInLinkSwitch({ configured }: { configured: boolean }) {
  const { t } = useTranslation();
  const { data } = useSettings();
  return (
    <SettingSwitch
      setting="sign_in_link_enabled"
      value={data ? configured && data.sign_in_link_enabled : undefined}
      disabled={!configured}
      label={t('mail_admin.links_switch')}
      description={configured ? t('mail_admin.links_hint') : t('mail_admin.links_need_mail')}
      done={(enabled) => (enabled ? t('mail_admin.links_on') : t('mail_admin.links_off'))}
    />
  );
}

function TestMail() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [to, setTo] = useState('');
  const [sent, setSent] = useState<string>();
  const submit = useSubmit();
  const send = submit.handler(() => sendTestMail(to), { onDone: (result) => setSent(result.to) });
  return (
    <form onSubmit={(event) => { setSent(undefined); send(event); }} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('mail_admin.test_to')}
          placeholder={user.email}
          type="email"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={fieldError(submit.error, 'to')}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" loading={submit.busy}>
          {t('mail_admin.test_send')}
        </Button>
      </Group>
      {sent && (
        <Alert mt="sm" color="teal" role="status">
          {t('mail_admin.test_sent', { to: sent })}
        </Alert>
      )}
      {submit.error !== undefined && !fieldError(submit.error, 'to') && (
        <Alert mt="sm" color="red" role="alert">
          {failureText(submit.error, t)}
        </Alert>
      )}
    </form>
  );
}

export function MailCard() {
  const { t } = useTranslation();
  const mail = useMailSettings();
  return (
    <SectionCard title={t('mail_admin.card_title')} description={t('mail_admin.card_hint')}>
      {mail.error ? (
        <Text size="sm" c="red" role="alert">
          {errorText(mail.error)}
        </Text>
      ) : !mail.data ? (
        <Loader size="sm" />
      ) : (
        <>
          <MailFacts mail={mail.data} />
          <SignInLinkSwitch configured={mail.data.configured} />
          {mail.data.configured && <TestMail />}
        </>
      )}
    </SectionCard>
  );
}
