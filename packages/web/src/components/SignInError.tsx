// Why a sign-in through a provider (OpenID Connect, GitHub, LDAP…) ended back on the sign-in page:
// the server sends the browser to /login?error=<code>&provider=<name>[&email=<address>] and this
// shows `errors.<code>` translated (the refusals' strings load on first use). Only the error code
// picks the sentence; the names are shown as plain text.
import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadErrorStrings } from '../i18n/index.ts';

const CODE = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

export function SignInError() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('error');
  const code = raw && raw.length <= 100 && CODE.test(raw) ? raw : undefined;
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (code) void loadErrorStrings().then(() => setLoaded(true));
  }, [code]);
  if (!code || !loaded) return null;
  const key = `errors.${code}`;
  const provider = params.get('provider')?.slice(0, 100) || t('login.provider_fallback');
  const email = params.get('email')?.slice(0, 255) || t('login.email_fallback');
  return (
    <Alert color="red" role="alert" title={t('login.provider_failed')}>
      {i18n.exists(key) ? t(key, { provider, email }) : t('errors.internal')}
    </Alert>
  );
}
