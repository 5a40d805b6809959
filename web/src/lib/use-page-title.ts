import { useEffect } from 'react';
// The brand's name from the domain, not config/brand.ts: that module carries the landing page's
// copy, which no portal page needs in its first load.
import { BRAND } from '@portal/domain';

/** Sets the browser tab title for a portal page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);
}
