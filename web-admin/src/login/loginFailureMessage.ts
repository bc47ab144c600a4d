import { HttpError } from 'react-admin';
import type { PublicConfig } from '../api';

/** The alert after a failed sign-in: the spec's demo hint in demo mode, a neutral text otherwise. */
export function loginFailureMessage(error: unknown, config: Pick<PublicConfig, 'demoMode' | 'demoCredentials'> | undefined): string {
  const status = error instanceof HttpError ? error.status : undefined;
  if (status === 429) return (error as HttpError).body?.message ?? 'Too many attempts. Please wait a minute and try again.';
  if (status === undefined || status >= 500) return 'The server could not be reached. Please try again.';
  const demo = config?.demoMode ? config.demoCredentials?.admin : undefined;
  if (demo) return `Invalid credentials. Use ${demo.email} / ${demo.password}`;
  return 'Invalid email or password.';
}
