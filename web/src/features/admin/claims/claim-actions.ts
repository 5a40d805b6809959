import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AskClaimQuestionRequest,
  RejectClaimRequest,
  SettleClaimRequest,
} from '@portal/domain';
import { claimQueueKeys } from '@/entities/claims';
import { orderKeys } from '@/entities/orders';
import { callAskClaimQuestion, callRejectClaim, callSettleClaim } from '@/lib/manager-callables';

/**
 * The managers' decisions on a claim (askClaimQuestion, rejectClaim, settleClaim): each reads the
 * claims again (the queue, its counts, the claim shown); a settlement also the orders (a refund,
 * a replacement order, stock put back).
 */
function useRefreshClaims() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: claimQueueKeys.all });
}

export function useAskClaimQuestion() {
  const refresh = useRefreshClaims();
  return useMutation({
    mutationFn: (request: AskClaimQuestionRequest) => callAskClaimQuestion(request),
    onSuccess: refresh,
  });
}

export function useRejectClaim() {
  const refresh = useRefreshClaims();
  return useMutation({
    mutationFn: (request: RejectClaimRequest) => callRejectClaim(request),
    onSuccess: refresh,
  });
}

export function useSettleClaim(orderId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshClaims();
  return useMutation({
    mutationFn: (request: SettleClaimRequest) => callSettleClaim(request),
    onSuccess: () =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: orderKeys.recent() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.totals() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.one(orderId) }),
      ]),
  });
}
