import { SkipDeliveryPage } from '@/features/skip-delivery';

export function Component() {
  return <SkipDeliveryPage />;
}
