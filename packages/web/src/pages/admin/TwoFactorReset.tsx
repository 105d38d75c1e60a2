// In the edit-user dialog: whether the user has two-factor sign-in, and the reset an administrator
// does when the user lost their phone (their password stays; they may set it up again).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetTwoFactor } from '../../api/two-factor.ts';
import type { User } from '../../api/types.ts';
import { errorText } from '../../api/error-text.ts';

export function TwoFactorReset({ user, onReset }: { user: User; onReset: (user: User) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [confirming, setConfirming] = useState(false);

  async function reset() {
    setBusy(true);
    setError(undefined);
    try {
      onReset(await resetTwoFactor(user.id));
      setConfirming(false);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>{t('admin.two_factor.user_label')}</Text>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {user.two_factor_enabled ? t('admin.two_factor.user_on') : t('admin.two_factor.user_off')}
        </Text>
        {user.two_factor_enabled && !confirming && (
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => setConfirming(true)}>
            {t('admin.two_factor.reset')}
          </Button>
        )}
      </Group>
      {confirming && (
        <Alert color="orange" role="alert" title={t('admin.two_factor.reset_title')}>
          <Stack gap="xs">
            <Text size="sm">{t('admin.two_factor.reset_hint', { name: user.username })}</Text>
            <Group>
              <Button color="red" size="xs" loading={busy} onClick={() => void reset()}>
                {t('admin.two_factor.reset_confirm')}
              </Button>
              <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {error !== undefined && (
        <Text size="sm" c="red" role="alert">
          {errorText(error)}
        </Text>
      )}
    </Stack>
  );
}
