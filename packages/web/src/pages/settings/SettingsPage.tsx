// /settings/:tab: the signed-in user's own account. The tab is in the URL (profile, password,
// security, tokens, preferences), so a link can open the tokens tab directly.
import { Paper, Stack, Tabs, Title } from '@mantine/core';
import { IconAdjustments, IconKey, IconLock, IconPlugConnected, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTitle } from '../../hooks/page.ts';
import { PasswordTab } from './PasswordTab.tsx';
import { PreferencesTab } from './PreferencesTab.tsx';
import { SignInMethodsTab } from './SignInMethodsTab.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import { SecurityTab } from './SecurityTab.tsx';
import { TokensTab } from './TokensTab.tsx';

const TABS = [
  { value: 'profile', icon: IconUser, Panel: ProfileTab },
  { value: 'password', icon: IconLock, Panel: PasswordTab },
  { value: 'security', icon: IconShieldLock, Panel: SecurityTab },
  { value: 'sign-in', icon: IconPlugConnected, Panel: SignInMethodsTab },
  { value: 'tokens', icon: IconKey, Panel: TokensTab },
  { value: 'preferences', icon: IconAdjustments, Panel: PreferencesTab },
] as const;

type Tab = (typeof TABS)[number]['value'];

export default function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab = 'profile' } = useParams();
  const current = TABS.find((entry) => entry.value === tab);
  useTitle(current ? `${t(`settings.tabs.${current.value}`)} · ${t('settings.title')}` : t('settings.title'));
  if (!current) return <Navigate to="/settings" replace />;

  return (
    <Stack>
      <Title order={1} size="h2">{t('settings.title')}</Title>
      <Tabs value={current.value} onChange={(value) => value && void navigate(value === 'profile' ? '/settings' : `/settings/${value as Tab}`)} keepMounted={false}>
        <Tabs.List>
          {TABS.map(({ value, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
              {t(`settings.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
              <Panel />
            </Paper>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
