import { QuickOrderPage } from '@/features/shop';

export function Component() {
  return <QuickOrderPage />;
}
