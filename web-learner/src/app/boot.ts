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
