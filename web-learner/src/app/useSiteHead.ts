import { useEffect } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { useSite } from '../api/site';
import { describePage, pageOf, pageTitle, type PageMeta } from './pageMeta';

/**
 * The browser tab title and the meta description follow the page and
 * Admin > Settings > General: the site name in every title, the site
 * description on the landing page and on pages of no meta of their own
 * (else each page's description in the interface language).
 */
export function useSiteHead(meta: PageMeta | undefined): void {
  const site = useSite();
  const { name } = site;
  const { t, language } = useTranslation();
  // The tab title and the description in the interface language, the price as it writes money.
  const page = pageOf(meta);
  const title = meta?.title && page ? t(`pages.${page}`) : meta?.title;
  const text = describePage(meta, t, language, site);
  useEffect(() => {
    document.title = pageTitle(meta && { ...meta, title: title ?? null }, name);
    document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [meta, title, name, text]);
}
