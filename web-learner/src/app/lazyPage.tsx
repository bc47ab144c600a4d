import { use, type ComponentType } from 'react';

/** A screen whose code loads when it is first shown, or earlier by `preload` (a link about to be used, a page being prerendered). */
export type LazyPage = ComponentType & { preload: () => Promise<ComponentType> };

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        // A failed prefetch is not the last word: the next attempt fetches again.
        loading = undefined;
        throw error;
      },
    ));
  // The load the screen waits on, kept even when it failed, so that the error screen shows (Reload Page tries again).
  let shown: Promise<ComponentType> | undefined;
  // Once loaded, the screen renders at once (no suspending): what lets the build prerender it in one synchronous pass.
  function Page() {
    const Screen = loaded ?? use((shown ??= preload()));
    return <Screen />;
  }
  return Object.assign(Page, { preload });
}

/** The preload of a route element made with lazyPage, if it is one. */
export function preloadOf(element: unknown): (() => Promise<unknown>) | undefined {
  const type = element && typeof element === 'object' && 'type' in element ? (element as { type: unknown }).type : undefined;
  return typeof type === 'function' && 'preload' in type ? (type as LazyPage).preload : undefined;
}
