import { useSyncExternalStore } from 'react';
import { MAINTENANCE_MESSAGE, reportMaintenance } from './maintenance';
import { api } from './client';
import { setSiteTimeZone } from '../i18n/format';
import { applyLanguageSetting } from '../i18n/language';

/** The public configuration as the API gives it. */
export type PublicConfig = Awaited<ReturnType<typeof requestPublicConfig>>;

/**
 * The id of the JSON the server writes into a public page it renders in the
 * site's language (backend modules/site/public-pages.ts): the public
 * configuration the page was drawn with, so the app starts from the same
 * name, price and language and hydrates without redrawing anything.
 */
export const SITE_CONFIG_ID = 'site-config';

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

/** The brand, seller and price shown until the API's settings arrive (and if they cannot be read): the seed's. */
export const DEFAULT_SITE: SiteInfo = {
  name: 'Affiliate Academy',
  description: '',
  support: { email: '', url: '' },
  seller: { name: 'Affiliate Academy', address: 'Affiliate Academy Ltd., 1 Coney Drive, Suite 200, Belize City, Belize' },
  price: { amount: '497.00', compareAt: '997.00', currency: 'USD' },
};

export interface SiteInfo {
  name: string;
  description: string;
  /** Support contact from Settings > General (empty until the API answers). */
  support: { email: string; url: string };
  /** Who sells (Settings > General seller name and address): the footer and the legal pages name them. */
  seller: { name: string; address: string };
  /** The price of lifetime access (Settings > Payments). */
  price: { amount: string; compareAt: string; currency: string };
}

let site: SiteInfo = DEFAULT_SITE;
let requested = false;
const listeners = new Set<() => void>();

function siteOf(config: PublicConfig): SiteInfo {
  return {
    name: config.siteName || DEFAULT_SITE.name,
    description: config.siteDescription ?? '',
    support: config.support ?? DEFAULT_SITE.support,
    seller: config.seller ?? DEFAULT_SITE.seller,
    price: config.price ?? DEFAULT_SITE.price,
  };
}

/** The site as it is drawn now: the settings once known, else the defaults. */
export function currentSite(): SiteInfo {
  return site;
}

/**
 * Starts from a public configuration already in hand (the one the server
 * rendered the page with, or none for the build's English pages): the name,
 * seller, price and time zone it gives are drawn from the first render on.
 * The configuration is still fetched once (it may have changed since).
 */
export function primeSite(config: PublicConfig | null): void {
  site = config ? siteOf(config) : DEFAULT_SITE;
  if (config) setSiteTimeZone(config.timeZone);
  for (const listener of listeners) listener();
}

/**
 * The site name, description, seller, price, time zone and language from the settings, fetched
 * once per page load without TanStack Query (the landing page's entry chunk
 * stays small); every subscriber re-renders when they arrive.
 */
function requestSite(): void {
  if (requested) return;
  requested = true;
  fetchPublicConfig()
    .then((config) => {
      site = siteOf(config);
      // Settings > General > Timezone: the zone every date on the site is written in.
      setSiteTimeZone(config.timeZone);
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
    // Hydration draws what the page was rendered with: the defaults, or the configuration the server wrote into it (primeSite).
    () => site,
  );
}
