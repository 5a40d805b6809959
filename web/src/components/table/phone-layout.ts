import { useMediaQuery } from '@/lib/use-media-query';

/** Under 576 px (antd's xs): the dashboard's lists show cards instead of table rows. */
export const PHONE_LAYOUT_QUERY = '(max-width: 575.98px)';

/** Whether the dashboard's lists are drawn as phone cards (live with the window's width). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT_QUERY);
}
