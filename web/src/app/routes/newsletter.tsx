import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { NewsletterPage } from '@/features/newsletter';
import { SkipDeliveryPage } from '@/features/skip-delivery';

/**
 * The signed-out pages our mails link to with a token: the newsletter's confirm and unsubscribe
 * links, and a standing order reminder's skip link (one module for both: packages/domain's
 * routes.ts).
 */
export function Component() {
  const { pathname } = useLocation();
  return pathname === paths.skip ? <SkipDeliveryPage /> : <NewsletterPage />;
}
