// The edit-user dialog's "Send a new password by email": while the server sends mail, it mails the
// user a link to choose a new password (POST /api/password/forgot, the same mail as "Forgot
// password?"); without mail it says so plainly and points at typing a password instead.
import { Alert, Button } from '@mantine/core';
import { IconMail, IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../../api/account.ts';
import { forgotPassword } from '../../api/account-mail.ts';
import { FormError } from '../../components/FormError.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';

export function SendResetLink({ email }: { email: string }) {
  const { t } = useTranslation();
  const mailEnabled = usePublicSettings().data?.mail_enabled ?? false;
  const [outcome, setOutcome] = useState<'mailed' | 'no-mail'>();
  const submit = useSubmit();

  async function send() {
    if (!mailEnabled) return setOutcome('no-mail');
    setOutcome(undefined);
    if ((await submit.run(() => forgotPassword(email))) !== undefined) setOutcome('mailed');
  }

  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={mailEnabled ? <IconMail size={16} /> : <IconMailOff size={16} />}
        onClick={() => void send()}
        loading={submit.busy}
        w="fit-content"
      >
        {t('admin.users.send_password')}
      </Button>
      {outcome === 'no-mail' && (
        <Alert color="yellow" role="status" title={t('admin.users.no_mailer_title')}>
          {t('admin.users.no_mailer')}
        </Alert>
      )}
      {outcome === 'mailed' && (
        <Alert color="teal" role="status">
          {t('mail_admin.reset_mailed', { email })}
        </Alert>
      )}
      <FormError error={submit.error} />
    </>
  );
}
