import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { preloadRememberedLanguage } from '../i18n/language';
import { LandingRoot } from './LandingRoot';

export { primeFromServer } from './serverConfig';

/** The id of the JSON that scripts/prerender.mjs writes into the landing page: for each next page, its address and the files it loads. */
export const NEXT_PAGES_ID = 'next-pages';

/**
 * When the pointer, the focus or a finger reaches a link to one of the next
 * pages (checkout, sign-in), fetches that page and its code ahead of the
 * click, at low priority.
 */
function prefetchNextPagesOnIntent(): void {
  const data = document.getElementById(NEXT_PAGES_ID)?.textContent;
  if (!data) return;
  const pages = JSON.parse(data) as Record<string, string[]>;
  const done = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const path = link.pathname;
    const files = pages[path];
    if (!files || done.has(path)) return;
    done.add(path);
    for (const [rel, href] of [['prefetch', path] as const, ...files.map((file) => ['modulepreload', file] as const)]) {
      const hint = document.createElement('link');
      hint.rel = rel;
      hint.href = href;
      if (rel === 'modulepreload') hint.crossOrigin = '';
      document.head.appendChild(hint);
    }
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, { passive: true, capture: true });
}

/** Starts the landing page in `container`: takes over its prerendered HTML (or draws it when there is none). */
export function startLanding(container: HTMLElement, options: Pick<RootOptions, 'onRecoverableError'> = {}): 'hydrated' | 'rendered' {
  const app = (
    <StrictMode>
      <LandingRoot />
    </StrictMode>
  );
  prefetchNextPagesOnIntent();
  preloadRememberedLanguage();
  if (container.hasChildNodes()) {
    hydrateRoot(container, app, options);
    return 'hydrated';
  }
  createRoot(container, options).render(app);
  return 'rendered';
}
