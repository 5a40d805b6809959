import { CLAIM_MESSAGES, type ClaimResponse } from '@portal/domain';
import { NotFoundError } from '../lib/errors';
import { log } from '../lib/log';
import { claimAnsweredMails } from '../mail/claim-mails';
import { checkMayClaim, claimMemberOf } from './claim-members';
import type { ClaimDeps } from './claim-record';
import { applyClaimStep, closedClaimProblem, refuseIf } from './claim-steps';

/**
 * answerClaim (an owner or buyer of the claim's company, docs/order-lifecycle.md#claims): the
 * answer to a manager's question. The claim is new again (back in the managers' queue); the
 * answer is on the timeline and mailed to every manager. Refused: a claim not waiting for an
 * answer (notAwaiting), settled or rejected, another company's (not found to them), a viewer.
 */
export async function answerClaim(
  deps: ClaimDeps,
  uid: string,
  input: { claimId: string; text: string },
): Promise<ClaimResponse> {
  const member = await claimMemberOf(deps.db, uid);
  const claim = await applyClaimStep(deps, input.claimId, (current) => {
    // Another company's claim is "not found", like one that does not exist.
    if (current.company_id !== member.companyId) {
      throw new NotFoundError(CLAIM_MESSAGES.notFound);
    }
    checkMayClaim(member, current);
    const number = current.timeline.filter((event) => event.kind === 'answer').length + 1;
    return {
      check: (found) => {
        refuseIf(closedClaimProblem(found));
        refuseIf(found.status === 'awaiting_buyer' ? null : CLAIM_MESSAGES.notAwaiting);
      },
      mails: (found) => claimAnsweredMails(deps, found, input.text, number),
      event: { kind: 'answer', by: uid, by_name: member.name, by_role: 'buyer', text: input.text },
      changes: { status: 'new' },
    };
  });
  log.info('claim_answered', { claimId: claim.id, by: uid });
  return { claimId: claim.id, status: claim.status };
}
