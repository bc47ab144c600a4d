import { useSyncExternalStore } from 'react';
import { MAINTENANCE_MESSAGE, reportMaintenance } from './maintenance';
import { api } from './client';
import { applyLanguageSetting } from '../i18n/language';

let inFlight: ReturnType<typeof requestPublicConfig> | null = null;
const requestPublicConfig = () => api('get', '/api/public-config');

/**
 * The public configuration. Callers that ask while a request is on its way
 * (the site header, the landing page's price and the screens' query all ask
 * as a page starts) share it: one request, not one each.
 */
export function fetchPublicConfig(): ReturnType<typeof requestPublicConfig> {
  inFlight ??= requestPublicConfig().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

export const fetchTestimonials = () => api('get', '/api/testimonials').then((r) => r.testimonials);

/** The brand shown until the API's General settings arrive (and if they cannot be read). */
export const DEFAULT_SITE: SiteInfo = { name: 'Affiliate Academy', description: '', support: { email: '', url: '' } };

export interface SiteInfo {
  name: string;
  description: string;
  /** Support contact from Settings > General (empty until the API answers). */
  support: { email: string; url: string };
}

let site: SiteInfo = DEFAULT_SITE;
let requested = false;
const listeners = new Set<() => void>();

/**
 * The site name, description and language from Admin > Settings > General, fetched
 * once per page load without TanStack Query (the landing page's entry chunk
 * stays small); every subscriber re-renders when they arrive.
 */
function requestSite(): void {
  if (requested) return;
  requested = true;
  fetchPublicConfig()
    .then((config) => {
      site = { name: config.siteName || DEFAULT_SITE.name, description: config.siteDescription ?? '', support: config.support ?? DEFAULT_SITE.support };
      for (const listener of listeners) listener();
      // Settings > General > Language (or the browser's, for `auto`): English pages switch once the strings are here.
      applyLanguageSetting(config.language).catch((error: unknown) => console.warn('The interface language could not be loaded', error));
      // Every route asks here first: in maintenance mode the maintenance page shows at once, /login included.
      if (config.maintenanceMode) reportMaintenance(MAINTENANCE_MESSAGE);
    })
    .catch(() => {
      requested = false;
    });
}

export function useSite(): SiteInfo {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      requestSite();
      return () => listeners.delete(listener);
    },
    () => site,
    () => DEFAULT_SITE,
  );
}
