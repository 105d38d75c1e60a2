// A new password typed twice (sign-up, an accepted invitation): the rule's hint, the server's error
// on the first box, and "the passwords differ" on the second when the page says they do.
import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../api/error-text.ts';

/** The shortest password the server takes (users/fns.ts PASSWORD_MIN). */
export const PASSWORD_MIN = 8;

interface Props {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** The answer that refused the form, for the password's field error. */
  error: unknown;
  mismatch: boolean;
}

export function NewPasswordFields({ password, confirm, onPassword, onConfirm, error, mismatch }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('signup.password')}
        description={t('signup.password_hint', { count: PASSWORD_MIN })}
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={fieldError(error, 'password')}
        autoComplete="new-password"
        required
      />
      <PasswordInput
        label={t('signup.confirm')}
        value={confirm}
        onChange={(e) => onConfirm(e.currentTarget.value)}
        error={mismatch ? t('signup.mismatch') : undefined}
        autoComplete="new-password"
        required
      />
    </>
  );
}
