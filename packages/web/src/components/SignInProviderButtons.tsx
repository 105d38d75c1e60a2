// The sign-in page's provider buttons (loaded after the page: components/SignInProviders.tsx
// decides which form shows): a link per redirect provider, a "Sign in with <name>" per LDAP one.
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { startUrl } from '../api/sign-in-page.ts';
import type { SignInMethod } from './SignInProviders.tsx';

interface ButtonsProps {
  method: SignInMethod;
  next: string;
  onChoose: (slug?: string) => void;
}

export default function SignInProviderButtons({ method, next, onChoose }: ButtonsProps) {
  const { t } = useTranslation();
  const providers = method.methods?.providers ?? [];
  const others = providers.filter((provider) => provider.slug !== method.ldap?.slug);
  const backToPassword = method.passwordsOn && method.ldap !== undefined;
  if (others.length === 0 && !backToPassword) return null;
  return (
    <Stack gap="xs">
      {method.showForm && <Text size="sm" c="dimmed" ta="center">{t('login.providers.or')}</Text>}
      {others.map((provider) =>
        provider.style === 'redirect' ? (
          <Button key={provider.slug} component="a" href={startUrl(provider, { next })} variant="default" fullWidth>
            {t('login.providers.with', { name: provider.name })}
          </Button>
        ) : (
          <Button key={provider.slug} variant="default" fullWidth onClick={() => onChoose(provider.slug)}>
            {t('login.providers.with', { name: provider.name })}
          </Button>
        ),
      )}
      {backToPassword && (
        <Button variant="subtle" fullWidth onClick={() => onChoose(undefined)}>
          {t('login.providers.with_password')}
        </Button>
      )}
    </Stack>
  );
}
