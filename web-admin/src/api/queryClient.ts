import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';

/** Retry a read only when the failure may pass (network, 5xx); a 4xx answer will not change. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The console's one query client, given to <Admin>: react-admin's own reads
 * (lists, records) and the console's pages share its cache and its retry
 * policy. Mutations keep TanStack Query's default (no retry).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: retryTransient } } });
}
