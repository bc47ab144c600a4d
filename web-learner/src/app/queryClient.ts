import { focusManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/**
 * The course viewer reloads when the window regains focus as well as when the
 * tab becomes visible again; TanStack Query only listens to visibility by
 * default, so window focus and blur are reported too. (No window when the
 * public pages are prerendered at build time: nothing to listen to then.)
 */
focusManager.setEventListener((setFocused) => {
  if (typeof window === 'undefined') return undefined;
  const onVisibility = () => setFocused(document.visibilityState === 'visible');
  const onFocus = () => setFocused(true);
  const onBlur = () => setFocused(false);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('focus', onFocus);
  window.addEventListener('blur', onBlur);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', onFocus);
    window.removeEventListener('blur', onBlur);
  };
});

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/** The app's one client: sign-in, sign-out and the guards share its cache. */
export const queryClient = createQueryClient();
