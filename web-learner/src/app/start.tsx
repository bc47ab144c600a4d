import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import '../i18n/app-strings';
import { preloadRememberedLanguage } from '../i18n/language';
import { App } from '../App';
import { prefetchOnIntent, preloadRoute } from './routeModules';
import { routes } from './router';

/** Whether `container` holds the prerendered HTML of this very address (scripts/prerender.mjs marks the path it rendered). */
function prerenderedHere(container: HTMLElement): boolean {
  const path = window.location.pathname.replace(/(.)\/$/, '$1');
  return container.dataset.prerendered === path && window.location.search === '';
}

/**
 * Starts the app in `container`. A prerendered public page is hydrated: React
 * takes over the HTML already on screen (each screen's part as soon as its
 * code arrives) instead of drawing it again. Any other page, or a query
 * string the prerendered HTML did not know, renders from scratch.
 */
export function startApp(container: HTMLElement, options: Pick<RootOptions, 'onRecoverableError'> = {}): 'hydrated' | 'rendered' {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The screens' code is requested now rather than when React reaches them.
  const screens = preloadRoute(routes, window.location.pathname).catch(() => undefined);
  prefetchOnIntent(routes);
  preloadRememberedLanguage();
  if (prerenderedHere(container)) {
    // Hydrate once the screen's code is here (the page preloads it), so the whole page is taken over in one
    // pass with the state it was prerendered with. Hydrating the shell first would let its queries (the public
    // configuration) answer before the screen hydrates: the screen would then draw differently from its HTML,
    // React would throw that HTML away and draw it anew, and what the visitor had typed meanwhile would be lost.
    void screens.then(() => hydrateRoot(container, app, options));
    return 'hydrated';
  }
  // Markup prerendered for another address (the same page with a query string it did not know) would stay on
  // screen, clickable, until the screen's code arrived, and be replaced then with what was typed into it: drop it.
  container.replaceChildren();
  createRoot(container, options).render(app);
  return 'rendered';
}
