import { matchRoutes, type RouteObject } from 'react-router';
import { preloadOf } from './lazyPage';

/** Starts loading the code of the screens that `path` shows (already-loaded code costs nothing). */
export function preloadRoute(routes: RouteObject[], path: string): Promise<unknown> {
  return Promise.all((matchRoutes(routes, path) ?? []).map((match) => preloadOf(match.route.element)?.()));
}

/** Fetches the code of the next page when the pointer or the focus reaches a link to it (or a finger touches it), before the click. */
export function prefetchOnIntent(routes: RouteObject[]): void {
  const requested = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const path = link.pathname;
    if (requested.has(path)) return;
    requested.add(path);
    preloadRoute(routes, path).catch(() => requested.delete(path));
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, { passive: true, capture: true });
}
