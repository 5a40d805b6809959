import { useEffect } from 'react';
import { brand } from '@/config/brand';

/** Sets the browser tab title for a portal page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${brand.name}`;
  }, [title]);
}
