import { AccountPage } from '@/features/account';

export function Component() {
  return <AccountPage />;
}
