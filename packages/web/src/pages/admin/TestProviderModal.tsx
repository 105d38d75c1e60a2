// "Test" of a saved provider: LDAP connects, binds and, given a username, shows what the entry maps
// to; OpenID Connect reads its discovery document; a preset checks its server answers.
import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testProvider } from '../../api/sign-in-providers.ts';
import type { Provider, TestResult } from '../../api/sign-in-providers.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';

function Result({ result }: { result: TestResult }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean | null) => (value === null ? t('sign_in_admin.test.unknown') : value ? t('sign_in_admin.test.yes') : t('sign_in_admin.test.no'));
  const user = result.user;
  return (
    <Alert color={result.ok ? 'teal' : 'red'} title={result.ok ? t('sign_in_admin.test.ok') : t('sign_in_admin.test.failed')} role="status">
      <Stack gap={4}>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>{result.message}</Text>
        {user && (
          <>
            <Text size="sm">
              {t('sign_in_admin.test.maps_to', {
                username: user.username, email: user.email ?? t('sign_in_admin.test.unknown'), name: user.name ?? t('sign_in_admin.test.unknown'),
              })}
            </Text>
            <Text size="sm">{t('sign_in_admin.test.allowed', { value: yesNo(user.allowed) })}</Text>
            <Text size="sm">{t('sign_in_admin.test.admin', { value: yesNo(user.admin) })}</Text>
          </>
        )}
      </Stack>
    </Alert>
  );
}

export function TestProviderModal({ provider, onClose }: { provider: Provider | null; onClose: () => void }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [username, setUsername] = useState('');
  const [result, setResult] = useState<TestResult>();
  useOnOpen(provider !== null, () => { setUsername(''); setResult(undefined); submit.setError(undefined); }, [provider]);
  return (
    <FormModal
      opened={provider !== null}
      onClose={onClose}
      title={t('sign_in_admin.test.title', { name: provider?.name ?? '' })}
      busy={submit.busy}
      error={submit.error}
      submitLabel={t('sign_in_admin.test.run')}
      onSubmit={submit.handler(() => testProvider(provider!.id, username.trim() || undefined), { onDone: setResult })}
    >
      {provider?.kind === 'ldap' && (
        <TextInput label={t('sign_in_admin.test.username')} value={username} onChange={(e) => setUsername(e.currentTarget.value)} data-autofocus />
      )}
      {result && <Result result={result} />}
    </FormModal>
  );
}
