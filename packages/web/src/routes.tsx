// Every screen and its URL. Pages load on demand (one chunk each), so the first load stays small.
import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageLoader } from './components/PageState.tsx';
import { RequireSession } from './layout/RequireSession.tsx';
import { SignedInLayout } from './layout/SignedInLayout.tsx';
import { RouteError } from './layout/RouteError.tsx';

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Component />
    </Suspense>
  );
}

const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
const DashboardPage = lazy(() => import('./pages/DashboardPage.tsx'));

export const router = createBrowserRouter([
  { path: '/login', element: page(LoginPage), errorElement: <RouteError /> },
  { path: '/signup', element: page(lazy(() => import('./pages/SignupPage.tsx'))), errorElement: <RouteError /> },
  {
    element: (
      <RequireSession>
        <SignedInLayout />
      </RequireSession>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: page(DashboardPage) },
      // [routes] Screens register here: { path: 'apps', element: page(AppsPage) }, …
      { path: 'debug-files', element: page(lazy(() => import('./pages/debug-files/DebugFilesPage.tsx'))) },
      { path: 'debug-files/:id', element: page(lazy(() => import('./pages/debug-files/DebugFilePage.tsx'))) },
      { path: 'settings/:tab?', element: page(lazy(() => import('./pages/settings/SettingsPage.tsx'))) },
      { path: 'admin/users', element: page(lazy(() => import('./pages/admin/AdminUsersPage.tsx'))) },
      { path: 'teardown', element: page(lazy(() => import('./pages/teardown/TeardownPage.tsx'))) },
      { path: 'devices', element: page(lazy(() => import('./pages/devices/DevicesPage.tsx'))) },
      { path: 'apps', element: page(lazy(() => import('./pages/apps/AppsPage.tsx'))) },
      { path: 'apps/:appId', element: page(lazy(() => import('./pages/apps/AppPage.tsx'))) },
      { path: 'apps/:appId/channels/:channelId', element: page(lazy(() => import('./pages/channel/ChannelPage.tsx'))) },
      { path: 'apps/:appId/channels/:channelId/releases/:releaseId', element: page(lazy(() => import('./pages/release/ReleasePage.tsx'))) },
      { path: '*', element: page(NotFoundPage) },
    ],
  },
]);
