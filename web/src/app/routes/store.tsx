import { StorePage } from '@/features/shop';

export function Component() {
  return <StorePage />;
}
