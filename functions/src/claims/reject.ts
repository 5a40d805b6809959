import type { ClaimResponse } from '@portal/domain';
import { log } from '../lib/log';
import { claimRejectedMail } from '../mail/claim-mails';
import type { ClaimDeps } from './claim-record';
import {
  applyClaimStep,
  closedClaimProblem,
  nameOf,
  refuseIf,
  settlingProblem,
} from './claim-steps';

/**
 * rejectClaim (managers, docs/order-lifecycle.md#claims): closes an open claim with a reason the
 * buyer reads. Final: the claim's units may be claimed again (claimableUnits leaves a rejected
 * claim out), and nothing more happens to it. A settled or rejected claim, or one being settled,
 * is refused.
 */
export async function rejectClaim(
  deps: ClaimDeps,
  managerUid: string,
  input: { claimId: string; reason: string },
): Promise<ClaimResponse> {
  const name = await nameOf(deps.db, managerUid);
  const claim = await applyClaimStep(deps, input.claimId, () => ({
    check: (found, now) => {
      refuseIf(closedClaimProblem(found));
      refuseIf(settlingProblem(found, now));
    },
    mails: (found) => claimRejectedMail(deps, found, input.reason),
    event: {
      kind: 'rejected',
      by: managerUid,
      by_name: name,
      by_role: 'manager',
      text: input.reason,
    },
    changes: { status: 'rejected', rejection_reason: input.reason },
  }));
  log.info('claim_rejected', { claimId: claim.id, by: managerUid });
  return { claimId: claim.id, status: claim.status };
}
