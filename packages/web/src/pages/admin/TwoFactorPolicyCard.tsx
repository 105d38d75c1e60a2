// The two-factor requirement: when on, accounts that sign in with a password must set up
// two-factor sign-in before they can use anything else. API tokens are not affected.
import { Loader, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_KEY, updateSettings, useSettings } from '../../api/admin.ts';
import { errorText } from '../../api/error-text.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { SectionCard } from '../../components/SectionCard.tsx';

export function TwoFactorPolicyCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useSettings();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<boolean>();

  async function toggle(required: boolean) {
    setBusy(true);
    setPending(required);
    try {
      queryClient.setQueryData(SETTINGS_KEY, await updateSettings({ two_factor_required: required }));
      notifySuccess(required ? t('admin.two_factor.required_on') : t('admin.two_factor.required_off'));
    } catch (caught) {
      notifyError(caught);
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  }

  return (
    <SectionCard title={t('admin.two_factor.title')} description={t('admin.two_factor.hint')}>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {errorText(error)}
        </Text>
      ) : isPending ? (
        <Loader size="sm" />
      ) : (
        <Switch
          checked={pending ?? data?.two_factor_required ?? false}
          onChange={(event) => void toggle(event.currentTarget.checked)}
          disabled={busy || !data}
          label={t('admin.two_factor.switch')}
          size="md"
        />
      )}
    </SectionCard>
  );
}
