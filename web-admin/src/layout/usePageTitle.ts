import { useEffect } from 'react';
import { useSiteName } from '../api/useSiteName';

/** Names the page in the browser tab: "<page> · Admin · <site name>". */
export function usePageTitle(page: string | undefined): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = [page, 'Admin', siteName].filter(Boolean).join(' · ');
  }, [page, siteName]);
}
