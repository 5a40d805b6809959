import { estimateTaxRequest, type EstimateTaxResponse } from '@portal/domain';
import { estimateOrderTax } from '../checkout/tax-estimate';
import { callerIp, parseData, requireApprovedBuyer } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { callable } from './edge';

/**
 * Callable estimateTax({ locationId, productId? }) (approved members): the cart's sales tax
 * estimate for a location of theirs, or the certificate that exempts it (docs/tax.md).
 */
export const estimateTaxHandler = callable(async (request, ctx): Promise<EstimateTaxResponse> => {
  const caller = requireApprovedBuyer(request);
  const input = parseData(estimateTaxRequest, request.data);
  await limitCallable(ctx.db, 'estimateTax', { uid: caller.uid, ip: callerIp(request) });
  return estimateOrderTax(ctx, caller.uid, input);
});
