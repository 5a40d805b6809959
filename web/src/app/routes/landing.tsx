import { LandingPage } from '@/features/landing';

export function Component() {
  return <LandingPage />;
}
