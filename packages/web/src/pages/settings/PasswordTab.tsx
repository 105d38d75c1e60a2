// A new password needs the current one; other browsers are signed out, this one stays.
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../api/error-text.ts';
import { FormError } from '../../components/FormError.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useSaveProfile } from './useSaveProfile.ts';

const PASSWORD_MIN = 8;

export function PasswordTab() {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [tooShort, setTooShort] = useState(false);
  const submit = useSubmit();
  const error = submit.error;
  const send = submit.handler(() => save({ password: next, current_password: current }), {
    success: () => t('settings.password.saved'),
    onDone: () => {
      setCurrent('');
      setNext('');
      setConfirm('');
    },
  });

  /** Checked here first: long enough, typed twice the same. */
  function check(event: FormEvent) {
    const short = next.length < PASSWORD_MIN;
    const differs = next !== confirm;
    setTooShort(short);
    setMismatch(differs);
    if (!short && !differs) return send(event);
    event.preventDefault();
    submit.setError(undefined);
  }

  return (
    <form onSubmit={check} noValidate>
      <Stack maw={480}>
        <Text size="sm" c="dimmed">
          {t('settings.password.hint')}
        </Text>
        <FormError error={error} fields={['current_password', 'password']} />
        <PasswordInput
          label={t('settings.password.current')}
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
          error={fieldError(error, 'current_password')}
          autoComplete="current-password"
          required
        />
        <PasswordInput
          label={t('settings.password.new')}
          description={t('settings.password.rule', { count: PASSWORD_MIN })}
          value={next}
          onChange={(event) => setNext(event.currentTarget.value)}
          error={tooShort ? t('settings.password.too_short', { count: PASSWORD_MIN }) : fieldError(error, 'password')}
          autoComplete="new-password"
          required
        />
        <PasswordInput
          label={t('settings.password.confirm')}
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          error={mismatch ? t('settings.password.mismatch') : undefined}
          autoComplete="new-password"
          required
        />
        <Group>
          <Button type="submit" loading={submit.busy} disabled={!current || !next || !confirm}>
            {t('settings.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
