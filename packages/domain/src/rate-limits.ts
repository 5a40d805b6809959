import type { FUNCTION_NAMES } from './paths';

/**
 * Rate limits: the one home for how often the calls that cost money (Stripe, Firestore writes)
 * or send mail may be made. The functions count them in Firestore (rate_limits/{name}.{hash},
 * functions/src/lib/rate-limit.ts); a caller over a limit gets RESOURCE_EXHAUSTED, except where
 * the answer must not reveal anything (forgot password), which answers as always and sends
 * nothing. docs/mail.md lists them.
 */

/** A fixed-window limit: at most `max` calls per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Limits of the calls that are limited by their own rules (per address, per IP, per user):
 * password reset, verification links, newsletter sign-ups, the verified flag's sync,
 * applications. A limit per address counts the inbox (mailboxOf in mail.ts: `a.b+1@gmail.com` is
 * `ab@gmail.com`), so spelling one address many ways does not send it more mails.
 */
export const RATE_LIMITS = {
  passwordResetPerEmail: { max: 3, windowMs: HOUR },
  passwordResetPerIp: { max: 20, windowMs: HOUR },
  verificationPerUser: { max: 3, windowMs: HOUR },
  /** Verification links to one inbox, over all the accounts whose address reaches it. */
  verificationPerEmail: { max: 5, windowMs: HOUR },
  newsletterPerEmail: { max: 3, windowMs: HOUR },
  newsletterPerIp: { max: 10, windowMs: HOUR },
  emailSyncPerIp: { max: 30, windowMs: HOUR },
  // A business applies once; a typo retried, or an account deleted after a failed save, a few
  // times. Per address (normalised) a day, so nobody is mailed an application again and again.
  applicationPerEmail: { max: 3, windowMs: DAY },
  applicationPerIp: { max: 10, windowMs: HOUR },
  // Invitations to join a company: mails to one inbox (an invitation or a resend), over every
  // company, so no owner (nor many) can fill a stranger's inbox with them.
  invitationPerEmail: { max: 5, windowMs: DAY },
  // The invitation page, signed out: looking a link up, and accepting it (which may create an
  // account). The links are unguessable; these keep a script from hammering them.
  invitationLookupPerIp: { max: 60, windowMs: HOUR },
  invitationAcceptPerIp: { max: 20, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

type FunctionName = (typeof FUNCTION_NAMES)[keyof typeof FUNCTION_NAMES];

/** The two windows of a signed-in callable: per caller (uid) and per IP, both counted each call. */
export interface CallableRateLimit {
  perUser: RateLimit;
  perIp: RateLimit;
}

/**
 * The signed-in callables that cost money or send mail, each limited per user and per IP (the IP
 * catches one person with many accounts). Sized for a wholesale portal: a buyer checks out a few
 * times a day; a manager may ship a hundred orders or review a batch of applicants in an
 * afternoon. A call refused for its caller or its input (before the limits are taken) is not
 * counted; a call refused by a limit counts in neither window.
 */
export const CALLABLE_RATE_LIMITS = {
  createCheckoutSession: {
    perUser: { max: 30, windowMs: HOUR },
    perIp: { max: 200, windowMs: HOUR },
  },
  verifyPayment: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 240, windowMs: HOUR },
  },
  saveLocation: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 200, windowMs: HOUR },
  },
  archiveLocation: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 200, windowMs: HOUR },
  },
  updateOrderStatus: {
    perUser: { max: 300, windowMs: HOUR },
    perIp: { max: 600, windowMs: HOUR },
  },
  refundOrder: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 120, windowMs: HOUR },
  },
  // A manager settles claims one by one; each is a Stripe call (or a new order) and a mail.
  settleClaim: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 120, windowMs: HOUR },
  },
  // A manager ships a few hundred boxes on a busy afternoon; each mails the buyer.
  shipOrder: {
    perUser: { max: 300, windowMs: HOUR },
    perIp: { max: 600, windowMs: HOUR },
  },
  // A buyer cancels a backordered line now and then; each is a Stripe refund and a mail.
  cancelBackorderedLine: {
    perUser: { max: 20, windowMs: HOUR },
    perIp: { max: 60, windowMs: HOUR },
  },
  manageStandingOrder: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 300, windowMs: HOUR },
  },
  setProfileStatus: {
    perUser: { max: 200, windowMs: HOUR },
    perIp: { max: 400, windowMs: HOUR },
  },
  resendVerificationEmail: {
    perUser: RATE_LIMITS.verificationPerUser,
    perIp: { max: 20, windowMs: HOUR },
  },
  // A company's members (docs/companies.md): each invitation, resend, role change and removal
  // mails someone; inviteMember and resendInvitation also count the invited inbox
  // (invitationPerEmail).
  inviteMember: {
    perUser: { max: 30, windowMs: HOUR },
    perIp: { max: 100, windowMs: HOUR },
  },
  resendInvitation: {
    perUser: { max: 30, windowMs: HOUR },
    perIp: { max: 100, windowMs: HOUR },
  },
  revokeInvitation: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 200, windowMs: HOUR },
  },
  changeMemberRole: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 200, windowMs: HOUR },
  },
  removeMember: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 200, windowMs: HOUR },
  },
  // Prices (docs/pricing.md): each save or tier move rewrites the companies' copies and reprices
  // their standing orders (Stripe calls).
  savePriceList: {
    perUser: { max: 120, windowMs: HOUR },
    perIp: { max: 300, windowMs: HOUR },
  },
  deletePriceList: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 200, windowMs: HOUR },
  },
  moveCompanyTier: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 200, windowMs: HOUR },
  },
  // Payment terms (docs/payment-terms.md): each order on terms issues a Stripe invoice; each
  // manager action calls Stripe (void, resend) or rewrites a company's terms.
  placeTermsOrder: {
    perUser: { max: 30, windowMs: HOUR },
    perIp: { max: 120, windowMs: HOUR },
  },
  setCompanyTerms: {
    perUser: { max: 120, windowMs: HOUR },
    perIp: { max: 300, windowMs: HOUR },
  },
  closeTermsInvoice: {
    perUser: { max: 120, windowMs: HOUR },
    perIp: { max: 300, windowMs: HOUR },
  },
  sendInvoiceReminder: {
    perUser: { max: 120, windowMs: HOUR },
    perIp: { max: 300, windowMs: HOUR },
  },
  // Sales tax (docs/tax.md): a submission reads the uploaded file; the estimate asks Stripe Tax
  // (the cart asks again when its lines or ship-to change); a review may update Stripe Customers.
  submitTaxCertificate: {
    perUser: { max: 30, windowMs: HOUR },
    perIp: { max: 120, windowMs: HOUR },
  },
  reviewTaxCertificate: {
    perUser: { max: 300, windowMs: HOUR },
    perIp: { max: 600, windowMs: HOUR },
  },
  estimateTax: {
    perUser: { max: 600, windowMs: HOUR },
    perIp: { max: 1200, windowMs: HOUR },
  },
  // Quotes (docs/order-lifecycle.md#draft-orders-and-quotes): each acceptance may create a Stripe
  // Checkout Session or an order on terms with its invoice; a member accepts a quote once or twice.
  acceptQuote: {
    perUser: { max: 30, windowMs: HOUR },
    perIp: { max: 120, windowMs: HOUR },
  },
  // Claims (docs/order-lifecycle.md#claims): each report reads the uploaded photos and mails the
  // managers; each question, answer and rejection mails the other side.
  reportClaim: {
    perUser: { max: 20, windowMs: HOUR },
    perIp: { max: 60, windowMs: HOUR },
  },
  answerClaim: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 200, windowMs: HOUR },
  },
  askClaimQuestion: {
    perUser: { max: 300, windowMs: HOUR },
    perIp: { max: 600, windowMs: HOUR },
  },
  rejectClaim: {
    perUser: { max: 300, windowMs: HOUR },
    perIp: { max: 600, windowMs: HOUR },
  },
  // Draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes): a manager saves a
  // draft many times while taking a phone order; each send is a mail and maybe a Stripe session
  // or an invoice; each decline mails the managers.
  saveDraftOrder: {
    perUser: { max: 300, windowMs: HOUR },
    perIp: { max: 600, windowMs: HOUR },
  },
  deleteDraftOrder: {
    perUser: { max: 120, windowMs: HOUR },
    perIp: { max: 300, windowMs: HOUR },
  },
  sendDraftOrder: {
    perUser: { max: 60, windowMs: HOUR },
    perIp: { max: 120, windowMs: HOUR },
  },
  declineQuote: {
    perUser: { max: 20, windowMs: HOUR },
    perIp: { max: 60, windowMs: HOUR },
  },
  // Saved order lists (docs/product.md, Order lists): a buyer edits a list line by line, each
  // change a save; deleting is rarer.
  saveOrderList: {
    perUser: { max: 300, windowMs: HOUR },
    perIp: { max: 600, windowMs: HOUR },
  },
  deleteOrderList: {
    perUser: { max: 120, windowMs: HOUR },
    perIp: { max: 300, windowMs: HOUR },
  },
  // Back-in-stock alerts (docs/catalog.md#back-in-stock-alerts): a click each on the store's
  // cards and in My Account; each writes an alert that may later send a mail.
  subscribeStockAlert: {
    perUser: { max: 120, windowMs: HOUR },
    perIp: { max: 300, windowMs: HOUR },
  },
  unsubscribeStockAlert: {
    perUser: { max: 120, windowMs: HOUR },
    perIp: { max: 300, windowMs: HOUR },
  },
} as const satisfies Partial<Record<FunctionName, CallableRateLimit>>;

export type RateLimitedCallable = keyof typeof CALLABLE_RATE_LIMITS;

/**
 * The callables limited by their own rules instead (anyone may call them; the limits are per
 * address and per IP, and forgot password must answer the same when over one), with the
 * RATE_LIMITS entries that apply to them.
 */
export const SEPARATELY_RATE_LIMITED = {
  requestPasswordReset: ['passwordResetPerEmail', 'passwordResetPerIp'],
  subscribeNewsletter: ['newsletterPerEmail', 'newsletterPerIp'],
  syncEmailVerification: ['emailSyncPerIp'],
  submitApplication: ['applicationPerEmail', 'applicationPerIp'],
  getInvitation: ['invitationLookupPerIp'],
  acceptInvitation: ['invitationAcceptPerIp'],
} as const satisfies Partial<Record<FunctionName, readonly (keyof typeof RATE_LIMITS)[]>>;
