import { useEffect } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { useSite } from '../api/site';
import { DEFAULT_DESCRIPTION, PAGE_META, pageTitle, type PageMeta } from './pageMeta';

/**
 * The browser tab title and the meta description follow the page and
 * Admin > Settings > General: the site name in every title, the site
 * description on the landing page and on pages of no meta of their own.
 */
export function useSiteHead(meta: PageMeta | undefined): void {
  const { name, description } = useSite();
  const { t } = useTranslation();
  // The tab title in the interface language (the prerendered HTML carries the English one).
  const page = (Object.keys(PAGE_META) as Array<keyof typeof PAGE_META>).find((key) => PAGE_META[key] === meta);
  const title = meta?.title && page ? t(`pages.${page}`) : meta?.title;
  useEffect(() => {
    document.title = pageTitle(meta && { ...meta, title: title ?? null }, name);
    const siteWide = !meta || meta === PAGE_META.landing;
    const text = siteWide ? description || DEFAULT_DESCRIPTION : meta.description;
    document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [meta, title, name, description]);
}
