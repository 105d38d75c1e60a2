// The sign-in page's "Create an account" link, shown only while an administrator allows sign-up.
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicSettings } from '../api/account.ts';

export function SignupLink() {
  const { t } = useTranslation();
  const { data } = usePublicSettings();
  if (!data?.registration_enabled) return null;
  return (
    <Text size="sm" ta="center">
      {t('signup.no_account')}{' '}
      <Anchor component={Link} to="/signup" underline="always">
        {t('signup.create_link')}
      </Anchor>
    </Text>
  );
}
