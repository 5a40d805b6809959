import { reportClaimRequest, type ClaimResponse } from '@portal/domain';
import { reportClaim } from '../claims/report';
import { defaultBucket } from '../lib/admin';
import { callerIp, parseData, requireApprovedBuyer } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { callable } from './edge';

/**
 * Callable reportClaim({ claimId, orderId, kind, lines, note, photos }) (an approved owner or
 * buyer of the order's company; viewers and managers are refused): a problem with a shipped or
 * delivered order, its photos uploaded first under claimPhotoPath (claims/report.ts). Rate
 * limited per member and per IP (each report mails the managers).
 */
export const reportClaimHandler = callable(async (request, ctx): Promise<ClaimResponse> => {
  const caller = requireApprovedBuyer(request);
  const input = parseData(reportClaimRequest, request.data);
  await limitCallable(ctx.db, 'reportClaim', { uid: caller.uid, ip: callerIp(request) });
  return reportClaim(ctx, defaultBucket(ctx.env), caller.uid, input);
});
