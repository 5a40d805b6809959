/**
 * Claims (docs/order-lifecycle.md#claims): after an order ships, a member of its company who may
 * order reports damaged, missing or wrong items, within 14 days of delivery (or of the latest
 * shipment when no delivery is recorded), with a note and up to five photos. A manager asks a
 * question, rejects it with a reason, or settles it once: a refund to the card, a credit note on
 * the terms invoice, store credit on the company's balance, or a replacement order at no charge.
 *
 * One home for the rules the browser and the functions share: who may claim what and until when,
 * what a claim is worth, which remedies an order allows, and the words every refusal uses.
 */
import { sniffFileType } from './file-signatures';
import { formatUsd, type Cents } from './money';
import type { OrderStatus } from './orders';
import { lineProgress, type ShippableOrder } from './shipments';

export const CLAIM_KINDS = ['damaged', 'missing', 'wrong_item'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
export const CLAIM_KIND_LABELS: Readonly<Record<ClaimKind, string>> = {
  damaged: 'Damaged',
  missing: 'Missing',
  wrong_item: 'Wrong item',
};

/**
 * new (reported, waiting for a manager) -> awaiting_buyer (a manager asked a question) -> new
 * (the buyer answered); new or awaiting_buyer -> settled (once) or rejected. Settled and
 * rejected are final.
 */
export const CLAIM_STATUSES = ['new', 'awaiting_buyer', 'settled', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Readonly<Record<ClaimStatus, string>> = {
  new: 'New',
  awaiting_buyer: 'Awaiting buyer',
  settled: 'Settled',
  rejected: 'Rejected',
};

/** Claims a manager still has to decide. */
export const OPEN_CLAIM_STATUSES: readonly ClaimStatus[] = ['new', 'awaiting_buyer'];

export function isOpenClaim(status: ClaimStatus): boolean {
  return OPEN_CLAIM_STATUSES.includes(status);
}

export const CLAIM_REMEDIES = ['refund', 'credit_note', 'store_credit', 'replacement'] as const;
export type ClaimRemedy = (typeof CLAIM_REMEDIES)[number];
export const CLAIM_REMEDY_LABELS: Readonly<Record<ClaimRemedy, string>> = {
  refund: 'Refund to card',
  credit_note: 'Credit note on the invoice',
  store_credit: 'Store credit',
  replacement: 'Replacement order',
};

/** Days after delivery (or the latest shipment) within which a problem may be reported. */
export const CLAIM_WINDOW_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const CLAIM_LIMITS = {
  note: 1000,
  message: 1000,
  reason: 500,
  photos: 5,
  photoBytes: 10 * 1024 * 1024,
  fileName: 200,
} as const;

/** The photo types accepted (storage.rules says the same). */
export const CLAIM_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export type ClaimPhotoType = (typeof CLAIM_PHOTO_TYPES)[number];
/** What the file picker offers. */
export const CLAIM_PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
export const CLAIM_PHOTOS_DIR = 'claim-photos';

/** Every refusal and rule as the buyer and the manager read it. */
export const CLAIM_MESSAGES = {
  notShipped: 'You can report a problem once the order has shipped.',
  tooLate: (days: number) =>
    `Problems must be reported within ${days} days of delivery. This order is past that window.`,
  viewer:
    'Your role in this company is Viewer: ask an owner or buyer of your company to report the problem.',
  notYours: 'This order is not one of your company’s orders.',
  noLines: 'Choose the items affected and how many.',
  notOnOrder: 'That product is not on this order. Reload and try again.',
  twice: (name: string) => `${name} is in the report twice. List each item once.`,
  tooMany: (name: string, left: number, ordered: number) =>
    left === 0
      ? `Every unit of ${name} on this order has been reported or settled already.`
      : `You can report at most ${left} of ${name} (${ordered} ordered, less what was already reported or refunded).`,
  kind: 'Choose what went wrong: damaged, missing or wrong item.',
  note: `Describe the problem in up to ${CLAIM_LIMITS.note} characters.`,
  photoCount: `Attach at most ${CLAIM_LIMITS.photos} photos.`,
  photoRule: 'Photos must be JPEG or PNG files of up to 10 MB each.',
  photoTooLarge: 'The photo is larger than 10 MB. Attach a smaller one.',
  photoType: 'The photo is not a JPEG or PNG. Attach a JPEG or PNG photo.',
  photoContent:
    'The photo is not really a JPEG or PNG (its content does not match its type). Attach the photo itself.',
  photoEmpty: 'The photo is empty.',
  photoMissing: 'An attached photo was not found. Attach it again.',
  exists: 'This claim has already been reported.',
  notFound: 'This claim does not exist.',
  alreadySettled: 'This claim has already been settled.',
  alreadyRejected: 'This claim has been rejected.',
  closed: 'This claim is closed.',
  notAwaiting: 'This claim is not waiting for your answer.',
  busy: 'This claim is being settled by another manager. Reload in a moment.',
  remedyNotAllowed: (remedy: ClaimRemedy) => REMEDY_REFUSALS[remedy],
  refundedSince: (name: string, left: number) =>
    `Units of ${name} on this claim were refunded since it was reported: ${left} of them are still unpaid. Reject the claim, or settle what is left with a refund of an amount.`,
  reason: `Say why the claim is rejected (up to ${CLAIM_LIMITS.reason} characters).`,
  question: `Write your question (up to ${CLAIM_LIMITS.message} characters).`,
  answer: `Write your answer (up to ${CLAIM_LIMITS.message} characters).`,
} as const;

const REMEDY_REFUSALS: Readonly<Record<ClaimRemedy, string>> = {
  refund: 'This order was not paid by card, or nothing is left to refund: choose another remedy.',
  credit_note:
    'A credit note is only for orders on payment terms with an invoice: choose another remedy.',
  store_credit: 'Store credit needs the company’s Stripe customer: choose another remedy.',
  replacement: 'A replacement cannot be made for this claim.',
};

/** One line of a claim: units of a product on the order. */
export interface ClaimLine {
  product_id: string;
  quantity: number;
}

/** What these rules read of a claim already made on the order. */
export interface ClaimOnOrder {
  status: ClaimStatus;
  lines: readonly ClaimLine[];
}

/** What these rules read of an order. */
export type ClaimableOrder<Instant = unknown> = Omit<ShippableOrder<Instant>, 'refunds'> & {
  status_history?: ReadonlyArray<{ status: OrderStatus; at: Instant }>;
  refunds?: ReadonlyArray<{
    claim_id?: string;
    lines?: ReadonlyArray<{ product_id: string; quantity: number; unshipped?: number }>;
  }>;
};

/** Statuses in which some goods went out. */
const CLAIMABLE_STATUSES: readonly OrderStatus[] = ['partially_shipped', 'shipped', 'delivered'];

function millis(at: unknown): number | null {
  if (at instanceof Date) return at.getTime();
  if (at && typeof at === 'object' && 'toMillis' in at && typeof at.toMillis === 'function') {
    return (at as { toMillis(): number }).toMillis();
  }
  return null;
}

/**
 * When the claim window opened: the delivery (the latest move to delivered), else the latest
 * shipment. null: nothing shipped.
 */
export function claimWindowStart(order: ClaimableOrder): Date | null {
  const delivered = (order.status_history ?? [])
    .filter((change) => change.status === 'delivered')
    .map((change) => millis(change.at))
    .filter((ms): ms is number => ms !== null);
  if (delivered.length > 0) return new Date(Math.max(...delivered));
  const shipped = [
    ...(order.shipments ?? []).map((s) => millis(s.shipped_at)),
    millis(order.shipment?.shipped_at),
  ].filter((ms): ms is number => ms !== null);
  return shipped.length > 0 ? new Date(Math.max(...shipped)) : null;
}

/** The last moment a problem may be reported, or null: nothing shipped. */
export function claimDeadline(order: ClaimableOrder): Date | null {
  const start = claimWindowStart(order);
  return start ? new Date(start.getTime() + CLAIM_WINDOW_DAYS * DAY_MS) : null;
}

/** Why no problem may be reported on this order now (null: it may), before the lines. */
export function claimOrderProblem(order: ClaimableOrder, now: Date): string | null {
  if (!CLAIMABLE_STATUSES.includes(order.status)) return CLAIM_MESSAGES.notShipped;
  const deadline = claimDeadline(order);
  if (!deadline) return CLAIM_MESSAGES.notShipped;
  if (now.getTime() > deadline.getTime()) return CLAIM_MESSAGES.tooLate(CLAIM_WINDOW_DAYS);
  return null;
}

/**
 * Units of each line that may still be claimed: the units shipped, less those refunded after
 * shipping by a refund that settled no claim, less the units of every claim not rejected (open
 * or settled).
 */
export function claimableUnits(
  order: ClaimableOrder,
  claims: readonly ClaimOnOrder[],
): Map<string, number> {
  // A refund's units count here as far as they had shipped.
  const taken = unitsTaken(order, claims, (line) => line.quantity - (line.unshipped ?? 0));
  const left = new Map<string, number>();
  for (const line of lineProgress(order)) {
    left.set(line.product_id, Math.max(0, line.shipped - (taken.get(line.product_id) ?? 0)));
  }
  return left;
}

/**
 * Units of each product the claims not rejected name, plus those the order's refunds by lines
 * took back (`refunded` of each line; a claim's own refund is counted by its claim).
 */
function unitsTaken(
  order: Pick<ClaimableOrder, 'refunds'>,
  claims: readonly ClaimOnOrder[],
  refunded: (line: { quantity: number; unshipped?: number }) => number,
): Map<string, number> {
  const taken = new Map<string, number>();
  const add = (productId: string, units: number) =>
    taken.set(productId, (taken.get(productId) ?? 0) + units);
  for (const claim of claims) {
    if (claim.status === 'rejected') continue;
    for (const line of claim.lines) add(line.product_id, line.quantity);
  }
  for (const refund of order.refunds ?? []) {
    if (refund.claim_id) continue;
    for (const line of refund.lines ?? []) add(line.product_id, refunded(line));
  }
  return taken;
}

/**
 * Units of each line not paid back yet, which a claim may still be settled for: the units
 * ordered, less those refunded by lines (but for a claim's own refund: its claim counts them),
 * less the units of the other claims not rejected. A refund by lines made after a claim was
 * reported may have paid some of its units back already.
 */
export function unpaidUnits(
  order: Pick<ClaimableOrder, 'items' | 'refunds'>,
  otherClaims: readonly ClaimOnOrder[],
): Map<string, number> {
  const taken = unitsTaken(order, otherClaims, (line) => line.quantity);
  const ordered = new Map<string, number>();
  for (const item of order.items) {
    ordered.set(item.product_id, (ordered.get(item.product_id) ?? 0) + item.quantity);
  }
  const left = new Map<string, number>();
  for (const [productId, units] of ordered) {
    left.set(productId, Math.max(0, units - (taken.get(productId) ?? 0)));
  }
  return left;
}

/**
 * Why these lines cannot be claimed on this order (null: they can): each product on the order
 * once, whole units, at most what is still claimable. The order's own problem comes first.
 */
export function claimProblem(
  order: ClaimableOrder,
  claims: readonly ClaimOnOrder[],
  lines: readonly ClaimLine[],
  now: Date,
): string | null {
  const orderProblem = claimOrderProblem(order, now);
  if (orderProblem) return orderProblem;
  const asked = lines.filter((line) => line.quantity > 0);
  if (asked.length === 0) return CLAIM_MESSAGES.noLines;
  const left = claimableUnits(order, claims);
  const items = new Map(order.items.map((item) => [item.product_id, item]));
  const seen = new Set<string>();
  for (const line of asked) {
    const item = items.get(line.product_id);
    if (!item) return CLAIM_MESSAGES.notOnOrder;
    if (seen.has(line.product_id)) return CLAIM_MESSAGES.twice(item.name);
    seen.add(line.product_id);
    const most = left.get(line.product_id) ?? 0;
    if (!Number.isInteger(line.quantity) || line.quantity > most) {
      return CLAIM_MESSAGES.tooMany(item.name, most, item.quantity);
    }
  }
  return null;
}

/** What a claim's value reads of the order's lines and tax. */
export interface ValuedOrder {
  items: ReadonlyArray<{
    product_id: string;
    quantity: number;
    unit_amount: Cents;
    line_total: Cents;
  }>;
  tax?: { amount: Cents } | null;
}

/** A claim's worth: its units at the price sold, and their share of the order's sales tax. */
export interface ClaimValue {
  lines: { product_id: string; quantity: number; amount: Cents }[];
  goods: Cents;
  tax: Cents;
  /** goods + tax: what a refund, a credit note or store credit settles the claim for. */
  total: Cents;
}

export function claimValue(order: ValuedOrder, lines: readonly ClaimLine[]): ClaimValue {
  const items = new Map(order.items.map((item) => [item.product_id, item]));
  const valued = lines.map((line) => {
    const item = items.get(line.product_id);
    const amount = item ? Math.min(item.unit_amount * line.quantity, item.line_total) : 0;
    return { product_id: line.product_id, quantity: line.quantity, amount };
  });
  const goods = valued.reduce((sum, line) => sum + line.amount, 0);
  const subtotal = order.items.reduce((sum, item) => sum + item.line_total, 0);
  const orderTax = order.tax?.amount ?? 0;
  const tax = subtotal > 0 ? Math.min(orderTax, Math.round((orderTax * goods) / subtotal)) : 0;
  return { lines: valued, goods, tax, total: goods + tax };
}

/** What the remedies an order allows read of it. */
export interface RemedyOrder {
  payment_method: 'card' | 'terms';
  amount: Cents;
  refunded_amount: Cents;
  stripe_payment_intent_id?: string | null;
  terms?: { invoice_id?: string | null } | null;
  /** A replacement order (source 'replacement'): nothing was paid for it. */
  source?: string;
}

/**
 * The remedies an order allows: a refund only of a card payment with enough left to refund, a
 * credit note only on a terms invoice, store credit and a replacement on any order (a
 * replacement order's own claims: a replacement only, nothing was paid).
 */
export function remediesFor(order: RemedyOrder, value: Cents): ClaimRemedy[] {
  if (order.source === 'replacement') return ['replacement'];
  const remedies: ClaimRemedy[] = [];
  const refundable = order.amount - order.refunded_amount;
  if (order.payment_method === 'card' && order.stripe_payment_intent_id && refundable >= value) {
    remedies.push('refund');
  }
  if (order.payment_method === 'terms' && order.terms?.invoice_id) remedies.push('credit_note');
  remedies.push('store_credit', 'replacement');
  return remedies;
}

/** "Refund $12.00 to the card" and the like: the settle dialog's summary and the mail's line. */
export function remedySummary(remedy: ClaimRemedy, value: Cents): string {
  switch (remedy) {
    case 'refund':
      return `Refund ${formatUsd(value)} to the card`;
    case 'credit_note':
      return `Credit ${formatUsd(value)} on the invoice`;
    case 'store_credit':
      return `Add ${formatUsd(value)} of store credit`;
    case 'replacement':
      return 'Send a replacement at no charge';
  }
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A claim photo in Cloud Storage: claim-photos/{companyId}/{claimId}/{photoId}. */
export function claimPhotoPath(companyId: string, claimId: string, photoId: string): string {
  if (!ID.test(companyId) || !ID.test(claimId) || !ID.test(photoId)) {
    throw new Error('Bad company, claim or photo id');
  }
  return `${CLAIM_PHOTOS_DIR}/${companyId}/${claimId}/${photoId}`;
}

export function parseClaimPhotoPath(
  path: string,
): { companyId: string; claimId: string; photoId: string } | null {
  const parts = path.split('/');
  if (parts.length !== 4 || parts[0] !== CLAIM_PHOTOS_DIR) return null;
  const [, companyId, claimId, photoId] = parts as [string, string, string, string];
  return ID.test(companyId) && ID.test(claimId) && ID.test(photoId)
    ? { companyId, claimId, photoId }
    : null;
}

/** Why the browser will not attach this file (null: it may). */
export function claimPhotoFileProblem(file: { type: string; size: number }): string | null {
  if (file.size === 0) return CLAIM_MESSAGES.photoEmpty;
  if (!(CLAIM_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return CLAIM_MESSAGES.photoType;
  }
  if (file.size > CLAIM_LIMITS.photoBytes) return CLAIM_MESSAGES.photoTooLarge;
  return null;
}

/** The type a photo's first bytes say it is (PNG's signature, JPEG's FF D8 FF), or null. */
export function sniffClaimPhotoType(head: Uint8Array): ClaimPhotoType | null {
  const type = sniffFileType(head);
  return type === 'image/png' || type === 'image/jpeg' ? type : null;
}
