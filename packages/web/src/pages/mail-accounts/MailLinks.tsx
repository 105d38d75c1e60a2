// The sign-in page's links to the mail flows: "Forgot password?" while the server sends mail, and
// "Email me a sign-in link" while an administrator keeps sign-in links on.
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicSettings } from '../../api/account.ts';

export function MailLinks() {
  const { t } = useTranslation();
  const { data } = usePublicSettings();
  if (!data?.mail_enabled) return null;
  return (
    <Group justify="space-between" gap="xs">
      <Anchor component={Link} to="/forgot-password" size="sm">
        {t('login.forgot_link')}
      </Anchor>
      {data.sign_in_link_enabled && (
        <Anchor component={Link} to="/sign-in/link" size="sm">
          {t('login.link_request')}
        </Anchor>
      )}
    </Group>
  );
}
