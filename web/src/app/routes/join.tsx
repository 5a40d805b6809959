import { JoinPage } from '@/features/auth';

export function Component() {
  return <JoinPage />;
}
