import type { PageAddress } from './referralVisit';

/** The next task: what runs after this point is a task of its own, not part of the current long one. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Resolves once the browser has had a frame to paint what it already has
 * (the prerendered page), or after 100 ms when it paints no frames (a tab
 * opened in the background).
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let started = false;
    const go = () => {
      if (started) return;
      started = true;
      void nextTask().then(resolve);
    };
    requestAnimationFrame(go);
    setTimeout(go, 100);
  });
}

/** The parameters of a referral link (?ref=CODE) and a campaign's: sent with the page's visit, and changing nothing a page draws. */
const REFERRAL_PARAMS = ['ref', 'utm_source', 'utm_medium', 'utm_campaign'];

/**
 * Whether `container` holds the prerendered HTML of this very address (scripts/prerender.mjs marks the path it
 * rendered): a query string it did not know makes another page, but for a referral link's parameters.
 */
export function prerenderedHere(container: HTMLElement): boolean {
  const path = window.location.pathname.replace(/(.)\/$/, '$1');
  const drawnFrom = [...new URLSearchParams(window.location.search).keys()].filter((name) => !REFERRAL_PARAMS.includes(name));
  return container.dataset.prerendered === path && drawnFrom.length === 0;
}

/**
 * Removes markup prerendered for another address (the same page with a query
 * string it did not know, such as /login?redirect=...) as soon as the app's
 * entry runs, before the page has finished loading. Left on screen until the
 * app draws the page anew, it would take what the visitor types and then be
 * replaced by an empty form: a Sign In that stays disabled though its fields
 * were filled. Returns whether there was such markup.
 */
export function dropStaleMarkup(container: HTMLElement): boolean {
  if (!container.hasChildNodes() || prerenderedHere(container)) return false;
  container.replaceChildren();
  delete container.dataset.prerendered;
  return true;
}

/**
 * Counts a view of a public page: the server adds it to the funnel's visits and, for a referral or campaign link,
 * remembers the attribution for the checkout. The code that does it loads only now, after the page has painted,
 * so the page's first bytes carry none of it.
 */
export function recordPageView(page: PageAddress = window.location): void {
  // The address now: the visitor may be elsewhere by the time the code has arrived.
  const address = { pathname: page.pathname, search: page.search };
  import('./referralVisit')
    .then((visit) => visit.recordPageVisit(address, document.referrer))
    .catch((error: unknown) => console.warn('The page visit was not recorded', error));
}
