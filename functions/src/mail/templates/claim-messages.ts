import { CLAIM_KIND_LABELS, CLAIM_WINDOW_DAYS, formatUsd, type ClaimKind } from '@portal/domain';
import type { Block, MailContent } from './layout';

/**
 * The mails of a claim (docs/order-lifecycle.md#claims): to the member who reported it (received,
 * a question from us, rejected) and to every manager (a new claim, the buyer's answer).
 */

export interface ClaimFacts {
  claimId: string;
  storeName: string;
  orderId: string;
  /** The order's invoice number ('' when none). */
  invoiceNumber: string;
  kind: ClaimKind;
  lines: ReadonlyArray<{ name: string; quantity: number }>;
  /** The claim's value in cents: the units at the price sold and their share of the tax. */
  value: number;
  /** Where the reader opens the claim: the buyer's order, or the managers' Claims tab. */
  url: string;
}

const orderName = (p: ClaimFacts) => (p.invoiceNumber ? p.invoiceNumber : `order ${p.orderId}`);

const units = (p: ClaimFacts) => p.lines.reduce((sum, line) => sum + line.quantity, 0);

function factsBlock(p: ClaimFacts): Block {
  return {
    kind: 'facts',
    rows: [
      ['Claim', p.claimId],
      ['Order', p.invoiceNumber || p.orderId],
      ['Problem', CLAIM_KIND_LABELS[p.kind]],
      ...p.lines.map(
        (line) =>
          [line.name, `${line.quantity} ${line.quantity === 1 ? 'unit' : 'units'}`] as const,
      ),
      ['Value', formatUsd(p.value)],
    ],
  };
}

/** To the member who reported it: we have it and will answer. */
export function claimReceived(p: ClaimFacts): MailContent {
  return {
    subject: `We received your claim on ${orderName(p)}`,
    preview: `${CLAIM_KIND_LABELS[p.kind]}: ${units(p)} units. We will get back to you.`,
    heading: 'We received your claim',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: 'Thank you for telling us. We review every claim and settle it with a refund, a credit or a replacement, or ask you a question first. We mail you at each step.',
      },
      factsBlock(p),
      { kind: 'button', label: 'View the claim', url: p.url },
    ],
  };
}

/** To every manager: a claim to review. */
export function newClaim(p: ClaimFacts & { note: string; photos: number }): MailContent {
  return {
    subject: `New claim from ${p.storeName}: ${formatUsd(p.value)}`,
    preview: `${CLAIM_KIND_LABELS[p.kind]} on ${orderName(p)}: ${units(p)} units, ${p.photos} photos.`,
    heading: 'New claim',
    blocks: [
      {
        kind: 'text',
        text: `${p.storeName} reported a problem with ${orderName(p)} (within the ${CLAIM_WINDOW_DAYS} days after delivery).`,
      },
      factsBlock(p),
      ...(p.note ? [{ kind: 'text', text: `Their note: ${p.note}` } as const] : []),
      { kind: 'text', text: `Photos attached: ${p.photos}.` },
      { kind: 'button', label: 'Open the claim', url: p.url },
    ],
  };
}

/** To the member who reported it: a manager's question. */
export function claimQuestion(p: ClaimFacts & { question: string }): MailContent {
  return {
    subject: `A question about your claim on ${orderName(p)}`,
    preview: p.question,
    heading: 'We have a question about your claim',
    greetingName: p.storeName,
    blocks: [
      { kind: 'text', text: `Our question: ${p.question}` },
      {
        kind: 'text',
        text: 'Answer it on the order in My Account, and we will carry on with the claim.',
      },
      factsBlock(p),
      { kind: 'button', label: 'Answer', url: p.url },
    ],
  };
}

/** To every manager: the buyer answered a question. */
export function claimAnswered(p: ClaimFacts & { answer: string }): MailContent {
  return {
    subject: `${p.storeName} answered about their claim on ${orderName(p)}`,
    preview: p.answer,
    heading: 'The buyer answered',
    blocks: [
      { kind: 'text', text: `Their answer: ${p.answer}` },
      factsBlock(p),
      { kind: 'button', label: 'Open the claim', url: p.url },
    ],
  };
}

/** To the member who reported it: the claim is closed without a settlement. */
export function claimRejected(p: ClaimFacts & { reason: string }): MailContent {
  return {
    subject: `Your claim on ${orderName(p)} was not accepted`,
    preview: p.reason,
    heading: 'Your claim was not accepted',
    greetingName: p.storeName,
    blocks: [
      { kind: 'text', text: `We could not accept your claim. Reason: ${p.reason}` },
      factsBlock(p),
      { kind: 'link', label: 'View the claim', url: p.url },
    ],
  };
}
