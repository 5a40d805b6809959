import { useEffect } from 'react';
import { useNotify } from '@/lib/notify';

export const FETCH_ERROR_TEXT = 'Failed to fetch data';

/** Shows the 'Failed to fetch data' toast (docs/product.md#177-admin-dashboard) once each time a dashboard query fails. */
export function useFetchErrorToast(isError: boolean): void {
  const notify = useNotify();
  useEffect(() => {
    if (isError) notify.error('Error', FETCH_ERROR_TEXT);
  }, [isError, notify]);
}
