import { formatUsd, remedySummary, shortOrderId, type ClaimRemedy } from '@portal/domain';
import type { Block, MailContent } from './layout';

/**
 * The mail to the member who reported a claim once a manager settled it
 * (docs/order-lifecycle.md#settling-a-claim): how (a refund to the card, a credit note on the
 * invoice, store credit, or a replacement order), for how much, the manager's note, and where to
 * see it.
 */
export interface ClaimSettledFacts {
  storeName: string;
  claimId: string;
  orderId: string;
  remedy: ClaimRemedy;
  /** Cents given back (0 for a replacement). */
  amount: number;
  /** The manager's words to the buyer ('' when none). */
  note: string;
  /** The replacement order's id (replacement), else null. */
  replacementOrderId: string | null;
  /** Stripe's number of the credit note (credit_note), else null. */
  creditNoteNumber: string | null;
  orderUrl: string;
}

function whatHappens(p: ClaimSettledFacts): string {
  switch (p.remedy) {
    case 'refund':
      return `We refunded ${formatUsd(p.amount)} to the card you paid with. It shows on your statement in 5 to 10 days.`;
    case 'credit_note':
      return `We issued a credit note of ${formatUsd(p.amount)} on the order's invoice.`;
    case 'store_credit':
      return `We added ${formatUsd(p.amount)} of store credit to your company's account. It comes off your next order or invoice automatically.`;
    case 'replacement':
      return `We are sending a replacement at no charge (order ${shortOrderId(p.replacementOrderId ?? '')}). You will get a mail when it ships.`;
  }
}

export function claimSettled(p: ClaimSettledFacts): MailContent {
  const rows: Array<readonly [string, string]> = [
    ['Order', shortOrderId(p.orderId)],
    ['Settled with', remedySummary(p.remedy, p.amount)],
  ];
  if (p.creditNoteNumber) rows.push(['Credit note', p.creditNoteNumber]);
  if (p.replacementOrderId) rows.push(['Replacement order', shortOrderId(p.replacementOrderId)]);
  const blocks: Block[] = [
    { kind: 'text', text: `Your claim on order ${shortOrderId(p.orderId)} is settled.` },
    { kind: 'text', text: whatHappens(p) },
    ...(p.note ? [{ kind: 'text', text: p.note } as const] : []),
    { kind: 'facts', rows },
    { kind: 'link', label: 'View the order', url: p.orderUrl },
  ];
  return {
    subject: `Your claim on order ${shortOrderId(p.orderId)} is settled`,
    preview: remedySummary(p.remedy, p.amount),
    heading: 'Your claim is settled',
    greetingName: p.storeName,
    blocks,
  };
}
