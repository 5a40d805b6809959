import { settleClaimRequest, type SettleClaimResponse } from '@portal/domain';
import { settleClaim } from '../claims/settle-claim';
import { callerIp, parseData, requireManager } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { callable } from './edge';

/**
 * Callable settleClaim({ claimId, requestId, remedy, restock?, note? }) (managers): settles an
 * open claim once, with a refund to the card, a credit note on the terms invoice, store credit or
 * a replacement order at no charge (docs/order-lifecycle.md#settling-a-claim). A retry with the
 * same request id answers the same settlement; another settlement of the claim is refused. Rate
 * limited per manager and per IP.
 */
export const settleClaimHandler = callable(async (request, ctx): Promise<SettleClaimResponse> => {
  const caller = await requireManager(request, ctx);
  const input = parseData(settleClaimRequest, request.data);
  await limitCallable(ctx.db, 'settleClaim', { uid: caller.uid, ip: callerIp(request) });
  return settleClaim(caller.uid, input, ctx);
});
