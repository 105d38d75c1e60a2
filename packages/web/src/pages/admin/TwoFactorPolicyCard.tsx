// The two-factor requirement (the two_factor_required setting): when on, accounts that sign in with
// a password must set up two-factor sign-in before they can use anything else. API tokens are not
// affected. Sent through the shared submit step: its notification, and the settings refetched.
import { Loader, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SETTINGS_KEY, updateSettings, useSettings } from '../../api/admin.ts';
import { FormError } from '../../components/FormError.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';

export function TwoFactorPolicyCard() {
  const { t } = useTranslation();
  const settings = useSettings();
  const submit = useSubmit();
  const required = settings.data?.two_factor_required;

  const change = (on: boolean) =>
    void submit.run(() => updateSettings({ two_factor_required: on }), {
      invalidate: [SETTINGS_KEY],
      success: (saved) => t(saved.two_factor_required ? 'admin.two_factor.required_on' : 'admin.two_factor.required_off'),
    });

  return (
    <SectionCard title={t('admin.two_factor.title')} description={t('admin.two_factor.hint')}>
      <FormError error={settings.error ?? submit.error} />
      {required === undefined ? (
        !settings.error && <Loader size="sm" />
      ) : (
        <Switch
          checked={required}
          onChange={(event) => change(event.currentTarget.checked)}
          disabled={submit.busy}
          label={t('admin.two_factor.switch')}
          size="md"
        />
      )}
    </SectionCard>
  );
}
