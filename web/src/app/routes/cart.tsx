import { CartPage } from '@/features/shop';

export function Component() {
  return <CartPage />;
}
