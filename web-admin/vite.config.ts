/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite/precompress.cjs';

const api = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  // npm installs a second ra-ui-materialui (its react-is differs); one copy keeps one set of contexts and a smaller bundle.
  resolve: {
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', 'ra-core', 'ra-ui-materialui', '@mui/material', '@emotion/react'],
  },
  server: { proxy: { '/api': api, '/media': api } },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // The console (index.html) and the sign-in page of a first visit to /admin/login (login/index.html), which loads no react-admin.
      input: { main: fileURLToPath(new URL('index.html', import.meta.url)), login: fileURLToPath(new URL('login/index.html', import.meta.url)) },
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
