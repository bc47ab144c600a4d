import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { preloadRememberedLanguage } from '../i18n/language';
import { App } from '../App';
import { dropStaleMarkup, prerenderedHere } from './boot';
import { prefetchOnIntent, preloadRoute } from './routeModules';
import { routes } from './router';
import { serverLegalPage } from '../api/legal';
import { legalPageQuery, publicConfigQuery } from '../api/queries';
import { queryClient } from './queryClient';
import { primeFromServer as primeSiteFromServer } from './serverConfig';

/** As serverConfig.ts, and the screens' queries start from the same configuration (and a legal page from the text it was drawn with). */
export async function primeFromServer(): Promise<void> {
  const config = await primeSiteFromServer();
  if (config) queryClient.setQueryData(publicConfigQuery.queryKey, config);
  const legal = serverLegalPage();
  if (legal) queryClient.setQueryData(legalPageQuery(legal.page, legal.language).queryKey, legal);
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
  // main.tsx has dropped markup prerendered for another address already; a caller that did not gets it dropped here.
  dropStaleMarkup(container);
  createRoot(container, options).render(app);
  return 'rendered';
}
