import { mailKeys, type ClaimRemedy } from '@portal/domain';
import { buyerMail, type MailDeps } from './notifications';
import type { QueuedMail } from './outbox';
import { claimSettled } from './templates/claim-settled';

/** What the settled mail reads of a claim and its settlement. */
export interface SettledClaim {
  id: string;
  order_id: string;
  /** Who reported it: the mail goes to them. */
  user_id: string;
  store_name: string;
  remedy: ClaimRemedy;
  amount: number;
  note: string;
  replacementOrderId: string | null;
  creditNoteNumber: string | null;
}

/** The mail to the member who reported a claim, once it is settled (one per claim). */
export function claimSettledMail(deps: MailDeps, claim: SettledClaim): Promise<QueuedMail[]> {
  return buyerMail(
    deps,
    { id: claim.order_id, user_id: claim.user_id },
    'claim-settled',
    mailKeys.claimSettled(claim.id),
    (links) =>
      claimSettled({
        storeName: claim.store_name,
        claimId: claim.id,
        orderId: claim.order_id,
        remedy: claim.remedy,
        amount: claim.amount,
        note: claim.note,
        replacementOrderId: claim.replacementOrderId,
        creditNoteNumber: claim.creditNoteNumber,
        orderUrl: links.accountOrder(claim.order_id),
      }),
  );
}
