import { formatUsd, shortOrderId, type ClaimSettlement } from '@portal/domain';
import { businessDayFormat } from '@/lib/intl-formats';

/** "Dec 17, 2026". */
export function claimDay(at: Date): string {
  return businessDayFormat.format(at);
}

/** The words of the buyer's claims (docs/order-lifecycle.md#claims). */
export const CLAIM_TEXTS = {
  report: 'Report a problem',
  reportBy: (deadline: Date) => `Report by ${claimDay(deadline)}`,
  dialogTitle: (orderLabel: string) => `Report a problem with order ${orderLabel}`,
  dialogIntro:
    'Tell us which items arrived damaged, went missing or were not what you ordered. Photos help us settle it faster.',
  submit: 'Send report',
  uploading: (percent: number) => `Uploading photos… ${percent}%`,
  sending: 'Sending the report…',
  reportedTitle: 'Claim reported',
  reported: 'We will reply within two business days.',
  reportFailed: 'The report could not be sent. Check your connection and try again.',
  answerLabel: 'Your answer',
  answerSend: 'Send answer',
  answeredTitle: 'Answer sent',
  answered: 'Thank you. We will get back to you shortly.',
  answerFailed: 'The answer could not be sent. Try again.',
  claimsOfOrder: (orderLabel: string) => `Claims on order ${orderLabel}`,
  noClaims: 'No claims yet',
  noClaimsText:
    'To report damaged, missing or wrong items, open a shipped order within 14 days of delivery and choose Report a problem.',
  claimsLoadFailed: 'Failed to load claims.',
  storeCreditLoadFailed: 'Could not load your store credit.',
  replacementFor: (orderId: string) => `Replacement for order ${shortOrderId(orderId)}`,
} as const;

/** What a settlement gave the buyer, in their words. */
export function settlementText(settlement: ClaimSettlement): string {
  const amount = formatUsd(settlement.amount);
  switch (settlement.remedy) {
    case 'refund':
      return `Refunded ${amount} to your card.`;
    case 'credit_note':
      return settlement.credit_note_number
        ? `Credit note ${settlement.credit_note_number} of ${amount} on your invoice.`
        : `Credited ${amount} on your invoice.`;
    case 'store_credit':
      return `${amount} of store credit added to your account.`;
    case 'replacement':
      return 'A replacement is on its way at no charge.';
  }
}
