import { HttpError } from 'react-admin';

/** Retry a read only when the failure may pass (network, 5xx); a 4xx answer will not change. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}
