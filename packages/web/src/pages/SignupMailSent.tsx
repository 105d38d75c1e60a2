// After a sign-up while email confirmation is required: "check your mail", and a button that
// sends a new link (the server answers the same whether or not the address has an account).
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resendConfirmation } from '../api/registration.ts';
import { FormError } from '../components/FormError.tsx';
import { useSubmit } from '../hooks/useSubmit.ts';

export function SignupMailSent({ email }: { email: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const resend = () => void submit.run(() => resendConfirmation(email), { success: () => t('signup.resent') });
  return (
    <Stack>
      <Title order={4} fw={500}>
        {t('signup.check_mail_title')}
      </Title>
      <Alert color="blue" role="status">
        {t('signup.check_mail', { email })}
      </Alert>
      <FormError error={submit.error} />
      <Button variant="default" onClick={resend} loading={submit.busy}>
        {t('signup.resend')}
      </Button>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login" underline="always">
          {t('signup.to_login')}
        </Anchor>
      </Text>
    </Stack>
  );
}
