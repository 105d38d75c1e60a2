// Setting two-factor sign-in up: the password, then the QR code (or the key typed by hand) into
// an authenticator app, then the code it shows confirms it; the recovery codes come next.
import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../api/error-text.ts';
import { enableTwoFactor, setUpTwoFactor } from '../../../api/two-factor.ts';
import type { TwoFactorSetup } from '../../../api/two-factor.ts';
import { CopyAction } from '../../../components/CopyAction.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { useSubmit } from '../../../hooks/useSubmit.ts';
import { PasswordField } from './PasswordField.tsx';

/** The key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function EnrolForm({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [code, setCode] = useState('');
  const submit = useSubmit();
  const error = submit.error;

  if (!setup) {
    const start = submit.handler(() => setUpTwoFactor(password), { onDone: (result) => setSetup(result) });
    return (
      <form onSubmit={start} noValidate>
        <Stack maw={480}>
          <Text size="sm">{t('settings.security.setup_hint')}</Text>
          <FormError error={error} fields={['password']} />
          <PasswordField value={password} onChange={setPassword} error={error} />
          <Group>
            <Button type="submit" loading={submit.busy} disabled={!password}>
              {t('settings.security.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  const confirm = submit.handler(() => enableTwoFactor(code.replace(/\s/g, '')), { onDone: onEnabled });
  return (
    <form onSubmit={confirm} noValidate>
      <Stack maw={480}>
        <Text size="sm">{t('settings.security.scan')}</Text>
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
          alt={t('settings.security.qr_alt')}
          w={200}
          h={200}
          bg="white"
        />
        <Text size="sm">{t('settings.security.manual')}</Text>
        <Group gap="xs">
          <Code fz="md" aria-label={t('settings.security.key')}>
            {grouped(setup.secret)}
          </Code>
          <CopyAction value={setup.secret} label={t('settings.security.copy_key')} />
        </Group>
        <FormError error={error} fields={['code']} />
        <TextInput
          label={t('settings.security.code')}
          description={t('settings.security.code_hint')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={fieldError(error, 'code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
          required
        />
        <Group>
          <Button type="submit" loading={submit.busy} disabled={!code.trim()}>
            {t('settings.security.enable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
