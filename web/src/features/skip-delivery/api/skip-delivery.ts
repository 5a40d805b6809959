import type { SkipStandingOrderDeliveryResponse } from '@portal/domain';
import { callSkipStandingOrderDelivery } from '@/lib/callables';

/** The delivery a reminder's skip link is for (skips nothing: mail scanners open links too). */
export function showDelivery(token: string): Promise<SkipStandingOrderDeliveryResponse> {
  return callSkipStandingOrderDelivery({ token });
}

/** Skips exactly the delivery the link is for (again: nothing changes). */
export function skipDelivery(token: string): Promise<SkipStandingOrderDeliveryResponse> {
  return callSkipStandingOrderDelivery({ token, confirm: true });
}
