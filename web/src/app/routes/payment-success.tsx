import { PaymentSuccessPage } from '@/features/payments';

export function Component() {
  return <PaymentSuccessPage />;
}
