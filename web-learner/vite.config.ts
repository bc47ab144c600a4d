/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite/precompress.cjs';
import { icuCatalogues } from './vite-plugins/icu-catalogues';

const api = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [icuCatalogues(), react(), tailwindcss(), precompress()],
  server: { proxy: { '/api': api, '/media': api } },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // The manifest tells scripts/prerender.mjs which chunks each prerendered page preloads.
    manifest: true,
    // Every browser we serve supports modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two ways in: the app (index.html, main.tsx) and the landing page on its own (landing.tsx, used by the prerendered /).
      input: { main: fileURLToPath(new URL('index.html', import.meta.url)), landing: fileURLToPath(new URL('src/landing.tsx', import.meta.url)) },
      output: {
        // Few, whole files for a first visit (each request costs a round trip and its headers): React with the
        // pieces the landing page shares with the app (the API client on openapi-fetch and the English interface strings included; the other languages load on
        // demand); the router; TanStack Query with the data layer (src/api).
        codeSplitting: {
          // A group takes the modules it names, not their dependencies.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|@lingui[\\/]core|use-sync-external-store|openapi-fetch)[\\/]|[\\/]src[\\/](i18n[\\/](i18n|language|locales[\\/]en-site|useTranslation)|api[\\/](client|site|maintenance)|auth[\\/]session|app[\\/](pageMeta|offer|useSiteHead|MaintenancePage|serverConfig)|components[\\/](Icon|Logo|SiteFooter|SiteLink|Spinner|SupportContact))\.(tsx?|json)$/,
              priority: 30,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 20 },
            // The data layer but for the referral visit's call, which a landing page opened through a referral link loads without TanStack Query.
            {
              name: 'data',
              test: /node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/](app[\\/](QueryLayout|queryClient)\.tsx?|api[\\/](?!referrals\.ts$).+\.ts)$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // A whole screen rendered in jsdom takes 1-5 s of CPU on a 2-core machine that runs other suites too;
    // the 5 s default then fails tests that are only slow. Each test still waits for what it asserts.
    testTimeout: 20_000,
  },
});
