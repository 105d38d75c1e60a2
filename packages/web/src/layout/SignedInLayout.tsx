// The frame of every signed-in screen: a skip link, a header with the user menu, a navigation bar (a
// drawer at phone width) and the page.
import { AppShell, Avatar, Burger, Group, Menu, NavLink, Text, UnstyledButton, useMantineTheme, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import {
  IconAdjustments, IconApps, IconBug, IconDashboard, IconDatabaseImport, IconLogin, IconDeviceMobile, IconLogout, IconMicroscope,
  IconSettings, IconStack2, IconArchive, IconFileText, IconUsers, IconMailPlus, IconDatabase, IconServer, IconWebhook, IconHistory,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { signOut, SESSION_KEY, useCurrentUser } from '../api/session.ts';
import { notifyError } from '../components/notify.ts';
import { MAIN_ID, SkipLink } from '../components/SkipLink.tsx';
import '../styles/signed-in.css';
import { useSiteTitle } from '../hooks/title.ts';

interface NavItem {
  to: string;
  label: string;
  icon: typeof IconApps;
  /** Whether `to` alone is active (the dashboard), not its sub-paths. */
  exact?: boolean;
}

/** The navigation: everyone's screens, then an administrator's. */
function navItems(t: TFunction, admin: boolean): NavItem[] {
  return [
    { to: '/', label: t('nav.dashboard'), icon: IconDashboard, exact: true },
    { to: '/apps', label: t('nav.apps'), icon: IconApps },
    { to: '/debug-files', label: t('nav.debug_files'), icon: IconBug },
    { to: '/teardown', label: t('nav.teardown'), icon: IconMicroscope },
    { to: '/devices', label: t('nav.devices'), icon: IconDeviceMobile },
    ...(admin
      ? [
        { to: '/admin/users', label: t('nav.users'), icon: IconUsers },
        { to: '/admin/invitations', label: t('nav.invitations'), icon: IconMailPlus },
        { to: '/admin/jobs', label: t('nav.jobs'), icon: IconStack2 },
        { to: '/admin/backups', label: t('nav.backups'), icon: IconArchive },
        { to: '/admin/logs', label: t('nav.logs'), icon: IconFileText },
        { to: '/admin/webhooks', label: t('nav.webhooks'), icon: IconWebhook },
        { to: '/admin/sign-in', label: t('nav.sign_in'), icon: IconLogin },
        { to: '/admin/settings', label: t('nav.site_settings'), icon: IconAdjustments },
        { to: '/admin/zealot-import', label: t('nav.zealot_import'), icon: IconDatabaseImport },
        { to: '/admin/audit', label: t('nav.audit'), icon: IconHistory },
        { to: '/admin/system', label: t('nav.system'), icon: IconServer },
        { to: '/admin/database', label: t('nav.database'), icon: IconDatabase },
      ]
      : []),
  ];
}

export default function SignedInLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [opened, { toggle, close }] = useDisclosure();
  // At phone width the navigation is a drawer moved off screen when closed: inert then, so Tab
  // does not walk through links nobody can see.
  const phone = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`) === false;
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const site = useSiteTitle();

  const items = navItems(t, user.role === 'admin');

  async function handleSignOut() {
    try {
      await signOut();
    } catch (error) {
      notifyError(error);
      return;
    }
    queryClient.clear();
    queryClient.setQueryData(SESSION_KEY, null);
    void navigate('/login', { replace: true });
  }

  // Notifications are shown only on signed-in screens, so their stack (and its styles) loads with them.
  return (
    <>
      <Notifications position="bottom-right" />
      <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <SkipLink />
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
              <Text component={Link} to="/" fw={700} size="lg" td="none" c="inherit">
                {site}
              </Text>
            </Group>
            {/* The account button is named by its text ("Account" for a screen reader, then the
                username shown), so its name holds what a voice-control user sees and says. */}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton>
                  <Group gap="xs" wrap="nowrap">
                    <VisuallyHidden>{t('nav.account')}</VisuallyHidden>
                    <Avatar size="sm" radius="xl" color="blue" aria-hidden>
                      {user.username.slice(0, 1).toUpperCase()}
                    </Avatar>
                    <Text size="sm" visibleFrom="xs">
                      {user.username}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
                  {t('nav.settings')}
                </Menu.Item>
                <Menu.Item onClick={() => void handleSignOut()} leftSection={<IconLogout size={16} />}>
                  {t('nav.sign_out')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label={t('nav.main')} inert={phone && !opened}>
          {items.map((item) => {
            const { pathname } = location;
            const active = item.exact ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={18} />}
                active={active}
                onClick={close}
              />
            );
          })}
        </AppShell.Navbar>
        {/* The skip link's target: focusable by script only, without a ring around the whole page. */}
        <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
