// Only the first page's styles: the signed-in frame loads the rest (see styles/signed-out.css).
import './styles/signed-out.css';
import { i18nReady, loadErrorStrings } from './i18n/index.ts';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ApiError, prepareErrorsWith } from './api/client.ts';
import { VisitorDefaults } from './layout/VisitorDefaults.tsx';
import { AppRoutes } from './routes.tsx';
import { DemoBanner } from './components/DemoBanner.tsx';
import { cssVariablesResolver, themeIn } from './theme.ts';

// A refusal reaches a screen once the sentences that translate its code are in.
prepareErrorsWith(loadErrorStrings);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

const colorSchemeManager = localStorageColorSchemeManager({ key: 'tarmac.appearance' });

/** Mantine with the theme in the current language (its labels change with it). */
function ThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common.close');
  const theme = useMemo(() => themeIn({ close }), [close]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // Mantine writes every CSS variable itself, so no stylesheet carries its defaults (4 KB).
      deduplicateCssVariables={false}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      {children}
    </MantineProvider>
  );
}

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <VisitorDefaults />
          <BrowserRouter>
            <DemoBanner />
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
// Render once the language's strings are loaded; if they cannot load, render anyway (keys show).
i18nReady.then(render, render);
