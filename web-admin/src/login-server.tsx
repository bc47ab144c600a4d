import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StandaloneLogin } from './login/StandaloneLogin';

/**
 * The sign-in page of a first visit to /admin/login as the browser first
 * draws it, rendered at build time (scripts/prerender-login.mjs): the markup
 * with its styles inline (Emotion's server rendering writes each component's
 * <style> before it; the browser's Emotion moves them into <head> before
 * src/login.tsx hydrates the page).
 */
export function renderLogin(): string {
  return renderToString(
    <StrictMode>
      <StandaloneLogin />
    </StrictMode>,
  );
}
