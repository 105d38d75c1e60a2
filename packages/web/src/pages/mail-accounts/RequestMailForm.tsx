// "Type your email": the form of /forgot-password and of /sign-in/link without a key. The answer
// is the same whether or not an account has the address, so the page says "if an account…".
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldError } from '../../api/error-text.ts';
import { FormError } from '../../components/FormError.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';

interface Props {
  heading: string;
  hint: string;
  submitLabel: string;
  send: (email: string) => Promise<unknown>;
}

export function RequestMailForm({ heading, hint, submitLabel, send }: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const submit = useSubmit();

  return (
    <Stack>
      <Title order={2} size="h4" fw={500}>
        {heading}
      </Title>
      {sentTo ? (
        <Alert color="teal" role="status" title={t('mail_accounts.sent_title')}>
          {t('mail_accounts.sent', { email: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={submit.handler(() => send(email.trim()), { onDone: () => setSentTo(email.trim()) })} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
            <FormError error={submit.error} fields={['email']} />
            <TextInput
              label={t('mail_accounts.email')}
              type="email"
              name="email"
              autoComplete="email"
              autoFocus
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldError(submit.error, 'email')}
            />
            <Button type="submit" loading={submit.busy} disabled={!email.trim()} fullWidth>
              {submitLabel}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('mail_accounts.back_to_login')}
      </Anchor>
    </Stack>
  );
}
