// The document title (re-exported by page.ts), on its own so the sign-in screen need not load the
// date formats with it. The site's name is the site_title setting (public settings), "Tarmac" until known.
import { useEffect } from 'react';
import { usePublicSettings } from '../api/account.ts';

/** The site's name: the site_title setting, "Tarmac" until the public settings arrive. */
export function useSiteTitle(): string {
  return usePublicSettings().data?.site_title ?? 'Tarmac';
}

/** Sets the document title: "<page> · <site title>". */
export function useTitle(title: string | undefined): void {
  const site = useSiteTitle();
  useEffect(() => {
    document.title = title ? `${title} · ${site}` : site;
  }, [title, site]);
}
