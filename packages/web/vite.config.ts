// The web app's build: React, Mantine's PostCSS preset, one chunk per page (React.lazy in
// src/routes.tsx), output in dist/ which the server serves at `/`. `npm run dev -w @tarmac/web`
// proxies the API to a Tarmac on port 3000. The sign-in screen loads at most 150 KB of JavaScript
// and CSS, gzipped: scripts/web-budget.ts reads the manifest this build writes and fails the build
// when a screen is over its budget (docs/development.md, "The web app's size").
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.TARMAC_DEV_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The browsers Mantine's styles need (its docs: :where and @layer); older ones cannot show the app.
    target: ['chrome99', 'edge99', 'firefox97', 'safari15.4'],
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1024,
    manifest: true,
    modulePreload: {
      // Browsers without <link rel=modulepreload> fetch the chunks as they import them.
      polyfill: false,
      // A lazy chunk's styles load with it; its scripts load by their own imports. (Listing every
      // chunk a page imports would put ~1.2 KB of file names in the first page load.)
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
    rolldownOptions: {
      output: {
        // Fewer, larger chunks where they load together: everything index.html loads in one, the
        // sign-in page with what it imports in one (scripts/web-budget.ts names these two), and
        // the signed-in frame with what it imports in one.
        codeSplitting: {
          groups: [
            { name: 'first', tags: ['$initial'], priority: 3 },
            { name: 'sign-in', test: /src[\\/]pages[\\/]LoginPage\.tsx$/, priority: 2 },
            { name: 'signed-in', test: /src[\\/]layout[\\/]SignedInLayout\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/download', '/channels', '/udid', '/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/icon-192.png', '/icon-512.png']
        .concat('/manifest.webmanifest')
        .map((path) => [path, api]),
    ),
  },
});
