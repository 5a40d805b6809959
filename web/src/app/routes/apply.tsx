import { ApplyPage } from '@/features/auth';

export function Component() {
  return <ApplyPage />;
}
