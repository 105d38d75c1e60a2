// /settings/security: two-factor sign-in with an authenticator app (TOTP). Off: set it up (an
// administrator may require it: the app sends people here). On: since when, recovery codes left,
// new recovery codes, turn it off. Recovery codes are shown once, right after they are made.
import { Alert, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SESSION_KEY } from '../../api/session.ts';
import { TWO_FACTOR_KEY, useTwoFactor } from '../../api/two-factor.ts';
import { ErrorState, PageLoader } from '../../components/PageState.tsx';
import { useDateFormatter } from '../../hooks/page.ts';
import { EnrolForm } from './security/EnrolForm.tsx';
import { DisableTwoFactor, RegenerateCodes } from './security/ManageTwoFactor.tsx';
import { RecoveryCodes } from './security/RecoveryCodes.tsx';

export function SecurityTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useTwoFactor();
  const formatDate = useDateFormatter();
  const [codes, setCodes] = useState<string[]>();

  if (status.error) return <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data) return <PageLoader />;
  const { enabled, enabled_at: enabledAt, recovery_codes_left: left, required } = status.data;

  async function enabledNow(fresh: string[]) {
    setCodes(fresh);
    await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  }

  return (
    <Stack maw={640}>
      <Group gap="xs">
        <Text fw={500}>{t('settings.security.title')}</Text>
        <Badge color={enabled ? 'teal' : 'gray'} variant="light">
          {enabled ? t('settings.security.on') : t('settings.security.off')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">{t('settings.security.hint')}</Text>
      {required && !enabled && (
        <Alert color="orange" role="alert" title={t('settings.security.required_title')}>
          {t('settings.security.required')}
        </Alert>
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
      ) : enabled ? (
        <>
          <Text size="sm">
            {t('settings.security.enabled_since', { date: enabledAt ? formatDate(enabledAt) : '' })}{' '}
            {t('settings.security.codes_left', { count: left })}
          </Text>
          <Divider />
          <RegenerateCodes onCodes={setCodes} />
          <Divider />
          <DisableTwoFactor />
        </>
      ) : (
        <EnrolForm onEnabled={(fresh) => void enabledNow(fresh)} />
      )}
    </Stack>
  );
}
