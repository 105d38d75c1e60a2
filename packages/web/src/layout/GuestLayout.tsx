// The frame of guest mode's screens (docs/guest-mode.md), for a visitor who is not signed in: a
// skip link, a header with the site's name, the language and appearance switches and a "Sign in"
// button that comes back here afterwards, and the page. No navigation bar, no account menu: a guest
// sees only what the API answers a guest (the public apps, read-only).
import { ActionIcon, AppShell, Button, Group, SegmentedControl, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { IconLogin, IconMoon, IconSun } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { MAIN_ID, SkipLink } from '../components/SkipLink.tsx';
import { useSiteTitle } from '../hooks/title.ts';
import { applyLocale } from '../i18n/index.ts';
import '../styles/signed-in.css';

/** Light or dark, remembered for this browser (as the sign-in page's choice is). */
function AppearanceSwitch() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t('apps.guest.appearance')}
      aria-pressed={dark}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}

/** A guest's answers (no permissions, no team) must not stand in for a user's after sign-in: dropped on leaving. */
function useForgetGuestAnswers() {
  const queryClient = useQueryClient();
  useEffect(() => () => queryClient.removeQueries({ predicate: (query) => ['apps', 'releases'].includes(String(query.queryKey[0])) }), [queryClient]);
}

export default function GuestLayout() {
  const { t, i18n } = useTranslation();
  useForgetGuestAnswers();
  const site = useSiteTitle();
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <>
      <Notifications position="bottom-right" />
      <AppShell header={{ height: 56 }} padding="md">
        <SkipLink />
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Text component={Link} to="/apps" fw={700} size="lg" td="none" c="inherit" truncate>
              {site}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <SegmentedControl
                size="xs"
                value={i18n.language === 'zh-CN' ? 'zh-CN' : 'en'}
                onChange={(value) => applyLocale(value, true)}
                data={[
                  { value: 'en', label: 'EN' },
                  { value: 'zh-CN', label: '中文' },
                ]}
                aria-label={t('common.language')}
              />
              <AppearanceSwitch />
              <Button component={Link} to={`/login?next=${next}`} leftSection={<IconLogin size={16} />}>
                {t('apps.guest.sign_in')}
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
