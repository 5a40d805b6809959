import {
  answerClaimRequest,
  askClaimQuestionRequest,
  rejectClaimRequest,
  type ClaimResponse,
} from '@portal/domain';
import { answerClaim } from '../claims/answer';
import { askClaimQuestion } from '../claims/ask';
import { rejectClaim } from '../claims/reject';
import { callerIp, parseData, requireApprovedBuyer, requireManager } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { callable } from './edge';

/**
 * The steps of a reported claim before it is settled (docs/order-lifecycle.md#claims): a
 * manager asks the buyer a question or rejects the claim; the buyer answers. Each mails the
 * other side, so each is rate limited per caller and per IP.
 */

/** Callable askClaimQuestion({ claimId, text }) (managers). */
export const askClaimQuestionHandler = callable(async (request, ctx): Promise<ClaimResponse> => {
  const caller = await requireManager(request, ctx);
  const input = parseData(askClaimQuestionRequest, request.data);
  await limitCallable(ctx.db, 'askClaimQuestion', { uid: caller.uid, ip: callerIp(request) });
  return askClaimQuestion(ctx, caller.uid, input);
});

/** Callable answerClaim({ claimId, text }) (an owner or buyer of the claim's company). */
export const answerClaimHandler = callable(async (request, ctx): Promise<ClaimResponse> => {
  const caller = requireApprovedBuyer(request);
  const input = parseData(answerClaimRequest, request.data);
  await limitCallable(ctx.db, 'answerClaim', { uid: caller.uid, ip: callerIp(request) });
  return answerClaim(ctx, caller.uid, input);
});

/** Callable rejectClaim({ claimId, reason }) (managers). */
export const rejectClaimHandler = callable(async (request, ctx): Promise<ClaimResponse> => {
  const caller = await requireManager(request, ctx);
  const input = parseData(rejectClaimRequest, request.data);
  await limitCallable(ctx.db, 'rejectClaim', { uid: caller.uid, ip: callerIp(request) });
  return rejectClaim(ctx, caller.uid, input);
});
