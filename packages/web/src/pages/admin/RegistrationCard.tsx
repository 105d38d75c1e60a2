// The sign-up switch: whether people may create their own (member) accounts.
import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text.ts';
import { useSettings } from '../../api/admin.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { SettingSwitch } from './SettingSwitch.tsx';

export function RegistrationCard() {
  const { t } = useTranslation();
  const { data, isPending, error } = useSettings();

  return (
    <SectionCard title={t('admin.registration.title')} description={t('admin.registration.hint')}>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error instanceof Error ? errorText(error) : t('common.error_title')}
        </Text>
      ) : isPending ? (
        <Loader size="sm" />
      ) : (
        <SettingSwitch
          setting="registration_enabled"
          value={data?.registration_enabled}
          label={t('admin.registration.switch')}
          done={(enabled) => (enabled ? t('admin.registration.opened') : t('admin.registration.closed'))}
        />
      )}
    </SectionCard>
  );
}
