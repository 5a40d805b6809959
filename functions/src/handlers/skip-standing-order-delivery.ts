import {
  skipStandingOrderDeliveryRequest,
  type SkipStandingOrderDeliveryResponse,
} from '@portal/domain';
import { parseData } from '../lib/caller';
import { skipStandingOrderDelivery } from '../standing-orders/skip-link';
import { callable } from './edge';

/**
 * Callable skipStandingOrderDelivery({ token, confirm }) (anyone with the reminder's link, signed
 * out): shows the delivery the link is for; with confirm: true skips exactly it. The token is
 * the authority (signed, one delivery, expires when it is charged), like a newsletter link's.
 */
export const skipStandingOrderDeliveryHandler = callable(
  async (request, ctx): Promise<SkipStandingOrderDeliveryResponse> => {
    const data = parseData(skipStandingOrderDeliveryRequest, request.data);
    return skipStandingOrderDelivery(ctx, data);
  },
);
