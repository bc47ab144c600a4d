import { API_URL } from './http';
import type { PublicConfig } from './types';

let config: Promise<PublicConfig> | null = null;

/** `GET /api/public-config`, fetched once per page load: whether demo mode is on and the demo credentials. */
export function getPublicConfig(): Promise<PublicConfig> {
  config ??= fetch(`${API_URL}/public-config`, { headers: { Accept: 'application/json' } }).then((r) => {
    if (!r.ok) throw new Error(`public-config answered ${r.status}`);
    return r.json() as Promise<PublicConfig>;
  });
  config.catch(() => (config = null));
  return config;
}
