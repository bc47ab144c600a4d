import type { SiteInfo } from '../api/site';
import { formatMoney } from '../i18n/format';
import type { Translate } from '../i18n/useTranslation';
import { OFFER } from './offer';

/**
 * What a browser tab, a search result and a shared link show for a page:
 * the title (null: the site name alone) and the description. The public
 * pages carry them in their prerendered HTML (scripts/prerender.mjs, for
 * link previews that run no JavaScript) and RootLayout keeps them as the
 * app navigates.
 */
export interface PageMeta {
  title: string | null;
  description: string;
}

export const DEFAULT_DESCRIPTION = `Learn affiliate marketing and traffic arbitrage in the online gambling vertical: courses, automation workflows, a short-form content database and a members' resource area. Lifetime access for $${OFFER.price}, one-time.`;

export const PAGE_META = {
  landing: { title: null, description: DEFAULT_DESCRIPTION },
  payment: {
    title: 'Checkout',
    description: `Get lifetime access to every course and the members' area for $${OFFER.price} instead of $${OFFER.compareAt}, paid once in cryptocurrency, with a ${OFFER.guaranteeDays}-day money-back guarantee.`,
  },
  login: { title: 'Sign in', description: 'Sign in to your account to continue your affiliate marketing courses and open the members’ resource area.' },
  forgotPassword: { title: 'Forgot password', description: 'Get a link by email to choose a new password for your account.' },
  resetPassword: { title: 'Choose a new password', description: 'Choose a new password for your account.' },
  thankYou: { title: 'Create your account', description: 'Your payment went through: create your account to start learning.' },
  resumeCheckout: { title: 'Checkout', description: 'Pick up the checkout you started.' },
  unsubscribe: { title: 'Checkout reminders', description: 'Stop the reminders about unfinished checkouts.' },
  terms: { title: 'Terms of Service', description: 'The terms that govern your use of the courses and the members’ area.' },
  privacy: { title: 'Privacy Policy', description: 'What personal data we collect, why, and the rights you have over it.' },
  refund: { title: 'Refund Policy', description: `How the ${OFFER.guaranteeDays}-day money-back guarantee works and how to ask for a refund.` },
} satisfies Record<string, PageMeta>;

/** "Checkout · Affiliate Academy", or the site name alone for the landing page (and pages without a title of their own). */
export function pageTitle(meta: PageMeta | undefined, siteName: string): string {
  return meta?.title ? `${meta.title} · ${siteName}` : siteName;
}

/** The route `handle` that carries a page's meta. */
export interface MetaHandle {
  meta: PageMeta;
}

export function metaOf(handle: unknown): PageMeta | undefined {
  return handle && typeof handle === 'object' && 'meta' in handle ? (handle as MetaHandle).meta : undefined;
}

/** Which page of PAGE_META a meta is, if any. */
export function pageOf(meta: PageMeta | undefined): keyof typeof PAGE_META | undefined {
  return (Object.keys(PAGE_META) as Array<keyof typeof PAGE_META>).find((key) => PAGE_META[key] === meta);
}

/**
 * A page's description in the interface language, with the site's price as
 * that language writes it: the site description of Settings > General on
 * the landing page (and pages of no meta of their own) when there is one.
 */
export function describePage(meta: PageMeta | undefined, t: Translate, language: string, site: Pick<SiteInfo, 'description' | 'price'>): string {
  const page = pageOf(meta);
  if (!page || page === 'landing') {
    if (site.description) return site.description;
  }
  const values = {
    price: formatMoney(site.price.amount, site.price.currency, language),
    compareAt: formatMoney(site.price.compareAt, site.price.currency, language),
    days: OFFER.guaranteeDays,
  };
  return t(`pageDescriptions.${page ?? 'landing'}`, values);
}
