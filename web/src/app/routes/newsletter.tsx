import { NewsletterPage } from '@/features/newsletter';

export function Component() {
  return <NewsletterPage />;
}
