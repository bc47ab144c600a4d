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

/** Whether `container` holds the prerendered HTML of this very address (scripts/prerender.mjs marks the path it rendered). */
export function prerenderedHere(container: HTMLElement): boolean {
  const path = window.location.pathname.replace(/(.)\/$/, '$1');
  return container.dataset.prerendered === path && window.location.search === '';
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
