import { api } from './http';
import type { PublicConfig } from './types';

let config: Promise<PublicConfig> | null = null;

/** `GET /api/public-config`, fetched once per page load: whether demo mode is on and the demo credentials. */
export function getPublicConfig(): Promise<PublicConfig> {
  config ??= api('get', '/api/public-config');
  config.catch(() => (config = null));
  return config;
}
