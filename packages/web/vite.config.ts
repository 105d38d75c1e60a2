// The web app's build: React, Mantine's PostCSS preset, one chunk per page (React.lazy in
// src/routes.tsx), output in dist/ which the server serves at `/`. `npm run dev -w @tarmac/web`
// proxies the API to a Tarmac on port 3000.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.TARMAC_DEV_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/download', '/channels', '/udid', '/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/icon-192.png', '/icon-512.png']
        .concat('/manifest.webmanifest')
        .map((path) => [path, api]),
    ),
  },
});
