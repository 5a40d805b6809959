import { mailKeys, type ClaimKind } from '@portal/domain';
import type { PortalLinks } from './links';
import { buyerMail, managersMail, type MailDeps } from './notifications';
import type { QueuedMail } from './outbox';
import * as messages from './templates/claim-messages';

/**
 * The mails of a claim's steps (docs/order-lifecycle.md#claims), one key per step: the member
 * who reported it hears it was received, of each question and of the decision; every manager
 * hears of a new claim and of each answer. The step's transaction stages them with its write.
 */

/** What the mails read of a claim (the stored claim has all of it). */
export interface ClaimMailFacts {
  id: string;
  order_id: string;
  /** The member who reported it: the one the buyer's mails go to. */
  user_id: string;
  store_name: string;
  invoice_number: string;
  kind: ClaimKind;
  lines: ReadonlyArray<{ name: string; quantity: number }>;
  value: number;
}

function factsOf(claim: ClaimMailFacts, url: string): messages.ClaimFacts {
  return {
    claimId: claim.id,
    storeName: claim.store_name,
    orderId: claim.order_id,
    invoiceNumber: claim.invoice_number,
    kind: claim.kind,
    lines: claim.lines,
    value: claim.value,
    url,
  };
}

const forBuyer = (claim: ClaimMailFacts, links: PortalLinks) =>
  factsOf(claim, links.accountOrder(claim.order_id));
const forManagers = (claim: ClaimMailFacts, links: PortalLinks) =>
  factsOf(claim, links.adminClaim(claim.id));

/** A claim reported: "we received it" to the reporter, "new claim" to every manager. */
export async function claimReportedMails(
  deps: MailDeps,
  claim: ClaimMailFacts & { note: string; photos: number },
): Promise<QueuedMail[]> {
  const [buyer, managers] = await Promise.all([
    buyerMail(
      deps,
      { id: claim.order_id, user_id: claim.user_id },
      'claim-reported',
      mailKeys.claimReported(claim.id),
      (links) => messages.claimReceived(forBuyer(claim, links)),
    ),
    managersMail(
      deps,
      'claim-reported-manager',
      (managerUid) => mailKeys.claimReportedManager(claim.id, managerUid),
      (links) =>
        messages.newClaim({
          ...forManagers(claim, links),
          note: claim.note,
          photos: claim.photos,
        }),
      { claimId: claim.id },
    ),
  ]);
  return [...buyer, ...managers];
}

/** A manager's question (its number on the claim, 1 for the first) to the reporter. */
export function claimQuestionMail(
  deps: MailDeps,
  claim: ClaimMailFacts,
  question: string,
  number: number,
): Promise<QueuedMail[]> {
  return buyerMail(
    deps,
    { id: claim.order_id, user_id: claim.user_id },
    'claim-question',
    mailKeys.claimQuestion(claim.id, number),
    (links) => messages.claimQuestion({ ...forBuyer(claim, links), question }),
  );
}

/** The buyer's answer (its number on the claim) to every manager. */
export function claimAnsweredMails(
  deps: MailDeps,
  claim: ClaimMailFacts,
  answer: string,
  number: number,
): Promise<QueuedMail[]> {
  return managersMail(
    deps,
    'claim-answered',
    (managerUid) => mailKeys.claimAnswered(claim.id, number, managerUid),
    (links) => messages.claimAnswered({ ...forManagers(claim, links), answer }),
    { claimId: claim.id },
  );
}

/** The claim rejected, with the reason, to the reporter. */
export function claimRejectedMail(
  deps: MailDeps,
  claim: ClaimMailFacts,
  reason: string,
): Promise<QueuedMail[]> {
  return buyerMail(
    deps,
    { id: claim.order_id, user_id: claim.user_id },
    'claim-rejected',
    mailKeys.claimRejected(claim.id),
    (links) => messages.claimRejected({ ...forBuyer(claim, links), reason }),
  );
}
