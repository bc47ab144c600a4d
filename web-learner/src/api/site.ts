import { useSyncExternalStore } from 'react';
import { apiRequest } from './client';
import type { PublicConfig, Testimonial } from './types';

export const fetchPublicConfig = () => apiRequest<PublicConfig>('/api/public-config');

export const fetchTestimonials = () =>
  apiRequest<{ testimonials: Testimonial[] }>('/api/testimonials').then((r) => r.testimonials);

/** The brand shown until the API's General settings arrive (and if they cannot be read). */
export const DEFAULT_SITE = { name: 'Affiliate Academy', description: '' };

export interface SiteInfo {
  name: string;
  description: string;
}

let site: SiteInfo = DEFAULT_SITE;
let requested = false;
const listeners = new Set<() => void>();

/**
 * The site name and description from Admin > Settings > General, fetched
 * once per page load without TanStack Query (the landing page's entry chunk
 * stays small); every subscriber re-renders when they arrive.
 */
function requestSite(): void {
  if (requested) return;
  requested = true;
  fetchPublicConfig()
    .then((config) => {
      site = { name: config.siteName || DEFAULT_SITE.name, description: config.siteDescription ?? '' };
      for (const listener of listeners) listener();
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
