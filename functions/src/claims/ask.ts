import type { ClaimResponse } from '@portal/domain';
import { log } from '../lib/log';
import { claimQuestionMail } from '../mail/claim-mails';
import type { ClaimDeps } from './claim-record';
import {
  applyClaimStep,
  closedClaimProblem,
  nameOf,
  refuseIf,
  settlingProblem,
} from './claim-steps';

/**
 * askClaimQuestion (managers, docs/order-lifecycle.md#claims): a question to the buyer on an open
 * claim (new, or awaiting an answer already: a follow-up). The claim awaits the buyer; the
 * question is on the timeline and mailed to the member who reported it. A settled or rejected
 * claim, or one being settled, is refused.
 */
export async function askClaimQuestion(
  deps: ClaimDeps,
  managerUid: string,
  input: { claimId: string; text: string },
): Promise<ClaimResponse> {
  const name = await nameOf(deps.db, managerUid);
  const claim = await applyClaimStep(deps, input.claimId, (current) => {
    const number = current.timeline.filter((event) => event.kind === 'question').length + 1;
    return {
      check: (found, now) => {
        refuseIf(closedClaimProblem(found));
        refuseIf(settlingProblem(found, now));
      },
      mails: (found) => claimQuestionMail(deps, found, input.text, number),
      event: {
        kind: 'question',
        by: managerUid,
        by_name: name,
        by_role: 'manager',
        text: input.text,
      },
      changes: { status: 'awaiting_buyer' },
    };
  });
  log.info('claim_question_asked', { claimId: claim.id, by: managerUid });
  return { claimId: claim.id, status: claim.status };
}
