import { useEffect } from 'react';
import { useSite } from '../api/site';
import { DEFAULT_DESCRIPTION, PAGE_META, pageTitle, type PageMeta } from './pageMeta';

/**
 * The browser tab title and the meta description follow the page and
 * Admin > Settings > General: the site name in every title, the site
 * description on the landing page and on pages of no meta of their own.
 */
export function useSiteHead(meta: PageMeta | undefined): void {
  const { name, description } = useSite();
  useEffect(() => {
    document.title = pageTitle(meta, name);
    const siteWide = !meta || meta === PAGE_META.landing;
    const text = siteWide ? description || DEFAULT_DESCRIPTION : meta.description;
    document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [meta, name, description]);
}
