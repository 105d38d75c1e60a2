// The sign-up switch: whether people may create their own (member) accounts.
import { Loader, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text.ts';
import { SETTINGS_KEY, updateSettings, useSettings } from '../../api/admin.ts';
import { PUBLIC_SETTINGS_KEY } from '../../api/account.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { SectionCard } from '../../components/SectionCard.tsx';

export function RegistrationCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useSettings();
  const [busy, setBusy] = useState(false);
  // The switch moves at once (optimistic) and moves back if the server refuses.
  const [pending, setPending] = useState<boolean>();

  async function toggle(enabled: boolean) {
    setBusy(true);
    setPending(enabled);
    try {
      const settings = await updateSettings({ registration_enabled: enabled });
      queryClient.setQueryData(SETTINGS_KEY, settings);
      await queryClient.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
      notifySuccess(enabled ? t('admin.registration.opened') : t('admin.registration.closed'));
    } catch (caught) {
      notifyError(caught);
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  }

  return (
    <SectionCard title={t('admin.registration.title')} description={t('admin.registration.hint')}>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error instanceof Error ? errorText(error) : t('common.error_title')}
        </Text>
      ) : isPending ? (
        <Loader size="sm" />
      ) : (
        <Switch
          checked={pending ?? data?.registration_enabled ?? false}
          onChange={(event) => void toggle(event.currentTarget.checked)}
          disabled={busy || !data}
          label={t('admin.registration.switch')}
          size="md"
        />
      )}
    </SectionCard>
  );
}
