// The document title (re-exported by page.ts), on its own so the sign-in screen need not load the
// date formats with it.
import { useEffect } from 'react';

/** Sets the document title: "<page> · Tarmac". */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Tarmac` : 'Tarmac';
  }, [title]);
}
