import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { recordPageView } from './boot';

/**
 * The route `handle` of a page of the public site (router.tsx: the pages with page meta), whose views count as the
 * funnel's visits; the learner area, the course viewer, previews, certificates and the not-found page are not counted.
 */
export interface PublicPageHandle {
  publicPage: true;
}

export function isPublicPage(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as Partial<PublicPageHandle>).publicPage === true;
}

/**
 * Records a view of a public page once per navigation: a new path is a new
 * view; a render, or a query string changing on the same page, is not.
 */
export function usePageViews(isPublic: boolean): void {
  const { pathname, search } = useLocation();
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (isPublic) recordPageView({ pathname, search });
  }, [isPublic, pathname, search]);
}
