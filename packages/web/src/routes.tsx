// Every screen and its URL. Pages load on demand (one chunk each), so the first load stays small:
// the sign-in screen's JavaScript and CSS are held to a budget (scripts/web-budget.ts), which is
// also why the routes are declarative <Routes> rather than a data router (createBrowserRouter).
import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoader } from './components/LoadStates.tsx';
import { OrGuest, RequireSession } from './layout/RequireSession.tsx';
import { RouteError } from './layout/RouteError.tsx';
import { loadEveryArea, loadScreenArea } from './i18n/index.ts';
import type { ScreenArea } from './i18n/screen-areas.ts';

function page(Component: LazyExoticComponent<ComponentType>): ReactNode {
  return (
    <Suspense fallback={<PageLoader />}>
      <Component />
    </Suspense>
  );
}

// The signed-in frame loads after sign-in, with the rest of Mantine's styles (styles/signed-in.css)
// and of the language's strings (i18n/index.ts).
const SignedInLayout = lazy(() => Promise.all([import('./layout/SignedInLayout.tsx'), loadEveryArea()]).then(([module]) => module));
const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const SignupPage = lazy(() => import('./pages/SignupPage.tsx'));
const LinkIdentityPage = withStrings('link_identity', () => import('./pages/LinkIdentityPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
const DashboardPage = lazy(() => import('./pages/DashboardPage.tsx'));

/** A screen whose strings are an area of their own (i18n/screen-areas.ts): both load before it shows. */
function withStrings(area: ScreenArea, load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(() => Promise.all([load(), loadScreenArea(area)]).then(([module]) => module));
}

// The mailed-link screens (password reset, sign-in link), with their own strings.
const ForgotPasswordPage = withStrings('mail_accounts', () => import('./pages/mail-accounts/ForgotPasswordPage.tsx'));
const ResetPasswordPage = withStrings('mail_accounts', () => import('./pages/mail-accounts/ResetPasswordPage.tsx'));
const SignInLinkPage = withStrings('mail_accounts', () => import('./pages/mail-accounts/SignInLinkPage.tsx'));
// The pages of mailed links (email confirmation, invitations): signed out, their strings load with them.
const ConfirmEmailPage = withStrings('joining', () => import('./pages/ConfirmEmailPage.tsx'));
const AcceptInvitationPage = withStrings('joining', () => import('./pages/AcceptInvitationPage.tsx'));

/** The signed-in screens: [path, page]. */
const SCREENS: [string, LazyExoticComponent<ComponentType>][] = [
  // [routes] Screens register here: ['apps', lazy(() => import('./pages/apps/AppsPage.tsx'))], …
  ['debug-files', lazy(() => import('./pages/debug-files/DebugFilesPage.tsx'))],
  ['debug-files/:id', lazy(() => import('./pages/debug-files/DebugFilePage.tsx'))],
  ['settings/:tab?', withStrings('sign_in_admin', () => import('./pages/settings/SettingsPage.tsx'))],
  ['admin/users', lazy(() => import('./pages/admin/AdminUsersPage.tsx'))],
  ['admin/invitations', lazy(() => import('./pages/admin/AdminInvitationsPage.tsx'))],
  ['admin/jobs', withStrings('jobs', () => import('./pages/admin/AdminJobsPage.tsx'))],
  ['admin/logs', withStrings('jobs', () => import('./pages/admin/AdminLogsPage.tsx'))],
  ['admin/webhooks', withStrings('webhooks', () => import('./pages/webhooks/AdminWebhooksPage.tsx'))],
  ['admin/sign-in', withStrings('sign_in_admin', () => import('./pages/admin/AdminSignInPage.tsx'))],
  ['admin/system', withStrings('system', () => import('./pages/admin/AdminSystemPage.tsx'))],
  ['admin/database', withStrings('system', () => import('./pages/admin/AdminDatabasePage.tsx'))],
  ['admin/settings', withStrings('site_settings', () => import('./pages/admin/AdminSettingsPage.tsx'))],
  ['admin/zealot-import', withStrings('zealot_import', () => import('./pages/admin/AdminZealotImportPage.tsx'))],
  ['admin/audit', withStrings('audit', () => import('./pages/admin/AdminAuditPage.tsx'))],
  ['admin/backups', withStrings('backups', () => import('./pages/admin/AdminBackupsPage.tsx'))],
  ['teardown', lazy(() => import('./pages/teardown/TeardownPage.tsx'))],
  ['devices', lazy(() => import('./pages/devices/DevicesPage.tsx'))],
  ['apps', lazy(() => import('./pages/apps/AppsPage.tsx'))],
  ['apps/:appId', lazy(() => import('./pages/apps/AppPage.tsx'))],
  ['apps/:appId/channels/:channelId', withStrings('webhooks', () => import('./pages/channel/ChannelPage.tsx'))],
  ['apps/:appId/channels/:channelId/releases/:releaseId', lazy(() => import('./pages/release/ReleasePage.tsx'))],
  ['*', NotFoundPage],
];

// Guest mode (docs/guest-mode.md): the screens a signed-out visitor may open while it is on,
// read-only, in a frame of their own with a "Sign in" button. [path of SCREENS, guest page].
const GuestLayout = lazy(() => Promise.all([import('./layout/GuestLayout.tsx'), loadEveryArea()]).then(([module]) => module));
const GUEST_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  apps: lazy(() => import('./pages/guest/GuestAppsPage.tsx')),
  'apps/:appId': lazy(() => import('./pages/guest/GuestAppPage.tsx')),
  'apps/:appId/channels/:channelId': lazy(() => import('./pages/guest/GuestChannelPage.tsx')),
  'apps/:appId/channels/:channelId/releases/:releaseId': lazy(() => import('./pages/guest/GuestReleasePage.tsx')),
};
const GUEST = {
  paths: Object.keys(GUEST_SCREENS).map((path) => `/${path}`),
  frame: <Suspense fallback={<PageLoader />}><GuestLayout /></Suspense>,
};

/** A screen's element: for the guest screens, the guest's page when nobody is signed in. */
function screen(path: string, Screen: LazyExoticComponent<ComponentType>): ReactNode {
  const Guest = GUEST_SCREENS[path];
  return Guest ? <OrGuest guest={page(Guest)}>{page(Screen)}</OrGuest> : page(Screen);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<RouteError>{page(LoginPage)}</RouteError>} />
      <Route path="/signup" element={<RouteError>{page(SignupPage)}</RouteError>} />
      <Route path="/forgot-password" element={<RouteError>{page(ForgotPasswordPage)}</RouteError>} />
      <Route path="/reset-password" element={<RouteError>{page(ResetPasswordPage)}</RouteError>} />
      <Route path="/sign-in/link" element={<RouteError>{page(SignInLinkPage)}</RouteError>} />
      <Route path="/confirm-email" element={<RouteError>{page(ConfirmEmailPage)}</RouteError>} />
      <Route path="/invitations/accept" element={<RouteError>{page(AcceptInvitationPage)}</RouteError>} />
      <Route path="/link-identity" element={<RouteError>{page(LinkIdentityPage)}</RouteError>} />
      <Route
        element={
          <RouteError>
            <RequireSession guest={GUEST}>
              <Suspense fallback={<PageLoader />}>
                <SignedInLayout />
              </Suspense>
            </RequireSession>
          </RouteError>
        }
      >
        <Route index element={page(DashboardPage)} />
        {SCREENS.map(([path, Screen]) => (
          <Route key={path} path={path} element={screen(path, Screen)} />
        ))}
      </Route>
    </Routes>
  );
}
