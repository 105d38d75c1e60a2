// The demo-mode banner on every screen (TARMAC_DEMO_MODE), and the sign-in page's hint with the
// demo accounts and their password. Nothing shows on a normal instance.
import { Alert, Code, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDemoMode } from '../api/demo.ts';

export function DemoBanner() {
  const { t } = useTranslation();
  const demo = useDemoMode().data;
  if (!demo?.enabled) return null;
  return (
    // Fixed at the bottom: the signed-in frame's header is fixed at the top and would cover it there.
    <Alert role="status" color="yellow" variant="filled" radius={0} py={4} data-testid="demo-banner"
      style={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: 400 }}>
      <Text size="sm" ta="center">
        {t('common.demo.banner', { time: demo.reset_at })}
      </Text>
    </Alert>
  );
}

export function DemoSignInHint() {
  const { t } = useTranslation();
  const demo = useDemoMode().data;
  if (!demo?.enabled) return null;
  return (
    <Alert color="blue" data-testid="demo-sign-in-hint">
      <Text size="sm">{t('common.demo.sign_in_hint')}</Text>
      <Text size="sm">
        {t('common.demo.accounts')} {demo.accounts.map((name) => <Code key={name} mr={4}>{name}</Code>)}
      </Text>
      <Text size="sm">
        {t('common.demo.password')} <Code>{demo.password}</Code>
      </Text>
    </Alert>
  );
}
