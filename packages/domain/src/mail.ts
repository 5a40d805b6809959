import * as z from 'zod/mini';
import { NEWSLETTER_TOKEN_PATTERN } from './newsletter-token';
import { hasUnsafeText, stripUnsafeText } from './plain-text';

/**
 * Mail: the outbox document every message goes through, its delivery states and retry schedule,
 * and the event keys that make each message unique. (The rate limits of the calls that send
 * mail: rate-limits.ts.)
 *
 * The outbox document has the shape of Firebase's "Trigger Email from Firestore" extension
 * (`to`, `message { subject, text, html }`, `delivery { state, attempts, error, info }`), so a
 * deployer could let that extension deliver instead of our sender. Its id is the event key
 * (mailKeys below): a replayed webhook or a retried function finds the document already there
 * and sends nothing twice.
 */

export const MAIL_LIMITS = {
  recipients: 50,
  subject: 200,
  text: 100_000,
  html: 500_000,
} as const;

/** The extension's delivery states. PENDING and RETRY wait for the sender; SUCCESS and ERROR are final. */
export const MAIL_DELIVERY_STATES = ['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR', 'RETRY'] as const;
export type MailDeliveryState = (typeof MAIL_DELIVERY_STATES)[number];

/** No line breaks or other control characters: what could start a new header in a message. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
const HEADER_UNSAFE = /[\u0000-\u001f\u007f\u2028\u2029]/;

/** Lower-cased and trimmed: one newsletter subscription per address, as typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Providers that ignore dots in the local part (a.b@gmail.com is ab@gmail.com), by domain. */
const DOTLESS_MAILBOX_DOMAINS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The inbox an address delivers to, as far as we can tell from the address alone: lower case,
 * without a `+tag` (victim+1@x and victim+2@x reach victim@x at nearly every provider), and
 * without dots for the providers that ignore them. It is the subject of the per-address rate
 * limits of the mails anyone can ask for (password reset, verification, newsletter sign-up), so
 * that tagged or dotted spellings of one address cannot multiply the mails one inbox gets. Only
 * ever a key: mails go to, and documents keep, the address as it was typed.
 */
export function mailboxOf(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  if (at <= 0) return normalized;
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  const plus = local.indexOf('+');
  const untagged = plus > 0 ? local.slice(0, plus) : local;
  const dotless = DOTLESS_MAILBOX_DOMAINS[domain];
  if (dotless === undefined) return `${untagged}@${domain}`;
  return `${untagged.replace(/\./g, '')}@${dotless}`;
}

/**
 * Text that goes into a header (a subject built from a store name): control and bidirectional
 * formatting characters become spaces and runs of space collapse, so no value can add a header
 * or a recipient, or reverse what the inbox shows (plain-text.ts).
 */
export function headerSafe(text: string, max: number = MAIL_LIMITS.subject): string {
  return stripUnsafeText(text).slice(0, max);
}

/** One recipient: a plain address (no display name, no list, nothing a header could be hidden in). */
export const mailRecipientSchema = z.pipe(
  z.string().check(
    z.maxLength(254),
    z.refine((value) => !HEADER_UNSAFE.test(value), 'An address cannot contain line breaks'),
  ),
  z.email('Not an email address'),
);

/** The outbox document as queued: the extension's `to` and `message`. */
export const outgoingMailSchema = z.object({
  to: z.array(mailRecipientSchema).check(z.minLength(1), z.maxLength(MAIL_LIMITS.recipients)),
  message: z.object({
    subject: z.string().check(
      z.minLength(1),
      z.maxLength(MAIL_LIMITS.subject),
      z.refine((value) => !hasUnsafeText(value), 'A subject cannot contain line breaks'),
    ),
    text: z.string().check(z.minLength(1), z.maxLength(MAIL_LIMITS.text)),
    html: z.string().check(z.minLength(1), z.maxLength(MAIL_LIMITS.html)),
  }),
});
export type OutgoingMail = z.infer<typeof outgoingMailSchema>;

/** How many times the sender tries one message before it gives up (state ERROR). */
export const MAIL_MAX_ATTEMPTS = 6;

/**
 * The wait after each failed attempt (1st, 2nd, ...): 1 min, 5 min, 30 min, 2 h, 8 h, so an SMTP
 * outage of most of a working day still delivers. The local stack and tests shorten it with
 * MAIL_RETRY_DELAYS_MS (comma-separated milliseconds).
 */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [
  60_000, 300_000, 1_800_000, 7_200_000, 28_800_000,
];

/** MAIL_RETRY_DELAYS_MS from the environment, or the default when unset or malformed. */
export function parseRetryDelays(value: string | undefined): readonly number[] {
  if (!value?.trim()) return MAIL_RETRY_DELAYS_MS;
  const delays = value.split(',').map((part) => Number(part.trim()));
  const valid = delays.every((ms) => Number.isInteger(ms) && ms >= 0 && ms <= 86_400_000);
  return valid && delays.length >= MAIL_MAX_ATTEMPTS - 1 ? delays : MAIL_RETRY_DELAYS_MS;
}

/** The wait before the next attempt after `attempts` failed ones, or null when it is final. */
export function nextMailDelay(
  attempts: number,
  delays: readonly number[] = MAIL_RETRY_DELAYS_MS,
): number | null {
  if (attempts < 1 || attempts >= MAIL_MAX_ATTEMPTS) return null;
  return delays[attempts - 1] ?? delays[delays.length - 1] ?? null;
}

/** A document id part: Firestore ids cannot hold '/'. */
function part(value: string): string {
  return value.replace(/\//g, '_');
}

/** The review round of a key: nothing for the first (round 0), `.round-<n>` after a reopen. */
function roundPart(round: number): string {
  return round > 0 ? `.round-${round}` : '';
}

/**
 * The event key of each message: its outbox document id. One event, one key, so the same event
 * reported twice queues nothing new. Messages a person asks for again (a new reset link) carry
 * the request's own id.
 */
export const mailKeys = {
  applicationReceived: (uid: string) => `application-received.${part(uid)}`,
  newApplication: (uid: string, managerUid: string) =>
    `new-application.${part(uid)}.${part(managerUid)}`,
  /**
   * Review mails: one per review of each round. A reopened profile starts a new round (its
   * `review_round`, 1, 2, ...), so approving, declining or rejecting it again mails again; the
   * first round's keys are the ones used before reopening existed.
   */
  profileApproved: (uid: string, round = 0) => `profile-approved.${part(uid)}${roundPart(round)}`,
  profileRejected: (uid: string, round = 0) => `profile-rejected.${part(uid)}${roundPart(round)}`,
  profileDeclined: (uid: string, round = 0) => `profile-declined.${part(uid)}${roundPart(round)}`,
  profileReopened: (uid: string, round: number) =>
    `profile-reopened.${part(uid)}${roundPart(round)}`,
  orderConfirmation: (orderId: string) => `order-confirmation.${part(orderId)}`,
  newOrder: (orderId: string, managerUid: string) =>
    `new-order.${part(orderId)}.${part(managerUid)}`,
  /**
   * One per shipment of the order (its number): the first keeps the key orders had when they
   * shipped whole, so an order shipped before shipments is never mailed twice.
   */
  orderShipped: (orderId: string, shipment = 1) =>
    `order-shipped.${part(orderId)}${shipment > 1 ? `.shipment-${shipment}` : ''}`,
  orderCancelled: (orderId: string) => `order-cancelled.${part(orderId)}`,
  /** Orders on payment terms (docs/payment-terms.md): one per event of each invoice. */
  termsOrderPlaced: (orderId: string) => `terms-order-placed.${part(orderId)}`,
  /** Stripe's will_be_due (one per invoice), and each reminder a manager sends (its number). */
  invoiceReminder: (orderId: string, round: string) =>
    `invoice-reminder.${part(orderId)}.${part(round)}`,
  invoiceOverdue: (orderId: string) => `invoice-overdue.${part(orderId)}`,
  /** One per failed attempt (Stripe's event id). */
  invoicePaymentFailed: (orderId: string, attempt: string) =>
    `invoice-payment-failed.${part(orderId)}.${part(attempt)}`,
  invoicePaid: (orderId: string) => `invoice-paid.${part(orderId)}`,
  invoiceVoided: (orderId: string) => `invoice-voided.${part(orderId)}`,
  /** Resale certificates (docs/tax.md): one per review, and one per reminder window. */
  taxCertificateApproved: (certificateId: string) =>
    `tax-certificate-approved.${part(certificateId)}`,
  taxCertificateRejected: (certificateId: string) =>
    `tax-certificate-rejected.${part(certificateId)}`,
  /** 30 or 7 days before the certificate expires: one per window. */
  taxCertificateReminder: (certificateId: string, daysBefore: number) =>
    `tax-certificate-reminder.${part(certificateId)}.${daysBefore}`,
  /** One per failed invoice of a standing order. */
  standingOrderPaymentFailed: (standingOrderId: string, invoiceId: string) =>
    `standing-order-payment-failed.${part(standingOrderId)}.${part(invoiceId)}`,
  /** Standing order changes: one per write of the standing order (its updated_at in ms). */
  standingOrderSkipped: (standingOrderId: string, writeId: string) =>
    `standing-order-skipped.${part(standingOrderId)}.${part(writeId)}`,
  standingOrderUnskipped: (standingOrderId: string, writeId: string) =>
    `standing-order-unskipped.${part(standingOrderId)}.${part(writeId)}`,
  standingOrderChanged: (standingOrderId: string, writeId: string) =>
    `standing-order-changed.${part(standingOrderId)}.${part(writeId)}`,
  standingOrderChangedManager: (standingOrderId: string, writeId: string, managerUid: string) =>
    `standing-order-changed-manager.${part(standingOrderId)}.${part(writeId)}.${part(managerUid)}`,
  /** New unit prices from the next delivery (a price list, a tier move, the catalog): the buyer only. */
  standingOrderRepriced: (standingOrderId: string, writeId: string) =>
    `standing-order-repriced.${part(standingOrderId)}.${part(writeId)}`,
  /** A standing order is cancelled once: one mail to the buyer, one to each manager. */
  standingOrderCancelled: (standingOrderId: string) =>
    `standing-order-cancelled.${part(standingOrderId)}`,
  standingOrderCancelledManager: (standingOrderId: string, managerUid: string) =>
    `standing-order-cancelled-manager.${part(standingOrderId)}.${part(managerUid)}`,
  /** The reminder 3 days before a charge: one per standing order and delivery (its time in ms). */
  standingOrderReminder: (standingOrderId: string, deliveryMs: number) =>
    `standing-order-reminder.${part(standingOrderId)}.${deliveryMs}`,
  orderRefunded: (orderId: string, refundId: string) =>
    `order-refunded.${part(orderId)}.${part(refundId)}`,
  /** One per manager for each dispute opened on an order's payment. */
  disputeOpened: (orderId: string, disputeId: string, managerUid: string) =>
    `dispute-opened.${part(orderId)}.${part(disputeId)}.${part(managerUid)}`,
  verifyEmail: (uid: string, requestId: string) => `verify-email.${part(uid)}.${part(requestId)}`,
  passwordReset: (uid: string, requestId: string) =>
    `password-reset.${part(uid)}.${part(requestId)}`,
  newsletterConfirm: (subscriberId: string, requestId: string) =>
    `newsletter-confirm.${part(subscriberId)}.${part(requestId)}`,
  /** An invitation to join a company: one per sending (1 for the first, 2 for the first resend, ...). */
  memberInvitation: (invitationId: string, sendCount: number) =>
    `member-invitation.${part(invitationId)}.${sendCount}`,
  /** An invitation accepted: one mail to each of the company's owners. */
  invitationAccepted: (invitationId: string, ownerUid: string) =>
    `invitation-accepted.${part(invitationId)}.${part(ownerUid)}`,
  /** A member's role changed, or a member removed: one per change (its audit entry's id). */
  memberRoleChanged: (uid: string, changeId: string) =>
    `member-role-changed.${part(uid)}.${part(changeId)}`,
  memberRemoved: (uid: string, changeId: string) => `member-removed.${part(uid)}.${part(changeId)}`,
  /**
   * Claims (docs/order-lifecycle.md#claims): one per step of each claim. The reporter hears it
   * was received, of each question (its number) and of the decision; each manager hears of the
   * claim and of each answer (its number).
   */
  claimReported: (claimId: string) => `claim-reported.${part(claimId)}`,
  claimReportedManager: (claimId: string, managerUid: string) =>
    `claim-reported-manager.${part(claimId)}.${part(managerUid)}`,
  claimQuestion: (claimId: string, question: number) =>
    `claim-question.${part(claimId)}.${question}`,
  claimAnswered: (claimId: string, answer: number, managerUid: string) =>
    `claim-answered.${part(claimId)}.${answer}.${part(managerUid)}`,
  claimRejected: (claimId: string) => `claim-rejected.${part(claimId)}`,
  claimSettled: (claimId: string) => `claim-settled.${part(claimId)}`,
  /**
   * Quotes (docs/order-lifecycle.md#draft-orders-and-quotes): one per sending of a quote (a draft
   * is sent once) to the company's owners and buyers, the payment link likewise, and one per
   * manager when the buyer declines it.
   */
  quoteSent: (quoteId: string) => `quote-sent.${part(quoteId)}`,
  quotePaymentLink: (quoteId: string) => `quote-payment-link.${part(quoteId)}`,
  quoteDeclined: (quoteId: string, managerUid: string) =>
    `quote-declined.${part(quoteId)}.${part(managerUid)}`,
  /**
   * Back in stock (docs/catalog.md#back-in-stock-alerts): one per alert, which the mail deletes;
   * the alert's creation time tells a later subscription (a new alert) from this one.
   */
  backInStock: (alertId: string, createdAtMs: number) =>
    `back-in-stock.${part(alertId)}.${createdAtMs}`,
} as const;

/** Newsletter subscriptions: pending until the address confirms; only confirmed ones count. */
export const NEWSLETTER_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterState = (typeof NEWSLETTER_STATES)[number];

/** The unguessable token in newsletter confirm and unsubscribe links. */
export const newsletterTokenSchema = z
  .string()
  .check(z.regex(NEWSLETTER_TOKEN_PATTERN, 'This link is not valid.'));
