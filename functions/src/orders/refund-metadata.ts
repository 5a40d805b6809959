import type { LineRefundPlan } from '@portal/domain';
import * as z from 'zod/mini';
import { log } from '../lib/log';

/**
 * A refund by lines travels in the Stripe refund's metadata, so the refund webhook, if it records
 * the refund before refundOrder does, records the same lines, tax, shipping and goodwill (and
 * restocks the same units). Stripe keeps at most 50 keys of at most 500 characters each: the plan
 * is one compact JSON ([product, units, unshipped, restocked, cents] per line) cut into pieces
 * under refund_plan_0, refund_plan_1... An order has at most 100 lines, whose ids are at most 128
 * characters: 34 pieces at most, next to the few other keys the refund carries.
 */

const KEY = 'refund_plan_';
const PIECE = 500;
/** Keys left for the plan once refundOrder's own (order, who, notes, request, cancel, restock). */
const MAX_PIECES = 40;

const whole = z.number().check(z.int(), z.gte(0));
const encodedPlan = z.object({
  l: z.array(z.tuple([z.string(), whole, whole, whole, whole])),
  t: whole,
  s: whole,
  g: whole,
});

/** The refund's by-line parts as they are recorded on the order's refund entry. */
export type RefundParts = Pick<LineRefundPlan, 'lines' | 'tax' | 'shipping' | 'goodwill'>;

/** The metadata keys that carry the plan (refund_plan_0...). */
export function planMetadata(plan: RefundParts): Record<string, string> {
  const json = JSON.stringify({
    l: plan.lines.map((l) => [l.product_id, l.quantity, l.unshipped, l.restocked, l.amount]),
    t: plan.tax,
    s: plan.shipping,
    g: plan.goodwill,
  });
  const pieces = Math.ceil(json.length / PIECE);
  if (pieces > MAX_PIECES) throw new Error(`A refund plan of ${json.length} characters`);
  return Object.fromEntries(
    Array.from({ length: pieces }, (_, i) => [
      `${KEY}${i}`,
      json.slice(i * PIECE, (i + 1) * PIECE),
    ]),
  );
}

/**
 * The plan a refund's metadata carries, or null when it carries none (a refund of an amount, one
 * made in the Stripe dashboard) or one that does not read (logged: the refund is then recorded
 * as an amount).
 */
export function planOfMetadata(
  metadata: Readonly<Record<string, string>> | null | undefined,
  refundId: string,
): RefundParts | null {
  if (!metadata || metadata[`${KEY}0`] === undefined) return null;
  let json = '';
  for (let i = 0; metadata[`${KEY}${i}`] !== undefined; i++) json += metadata[`${KEY}${i}`];
  try {
    const parsed = encodedPlan.parse(JSON.parse(json));
    return {
      lines: parsed.l
        .filter(([, quantity]) => quantity > 0)
        .map(([product_id, quantity, unshipped, restocked, amount]) => ({
          product_id,
          quantity,
          unshipped: Math.min(unshipped, quantity),
          restocked: Math.min(restocked, quantity),
          amount,
        })),
      tax: parsed.t,
      shipping: parsed.s,
      goodwill: parsed.g,
    };
  } catch {
    log.warn('refund_plan_unreadable', { refundId });
    return null;
  }
}
