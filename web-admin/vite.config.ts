/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  // npm installs a second ra-ui-materialui (its react-is differs); one copy keeps one set of contexts and a smaller bundle.
  resolve: {
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', 'ra-core', 'ra-ui-materialui', '@mui/material', '@emotion/react'],
  },
  server: { proxy: { '/api': api, '/media': api } },
  build: { sourcemap: false, chunkSizeWarningLimit: 400 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
