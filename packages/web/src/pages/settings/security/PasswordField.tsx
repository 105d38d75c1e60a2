// "Your password", which setting up, new recovery codes and turning off each ask for; a 422's
// message for the field shows under it.
import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../api/error-text.ts';

export function PasswordField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: unknown }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('settings.security.password')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={fieldError(error, 'password')}
      autoComplete="current-password"
      required
    />
  );
}
