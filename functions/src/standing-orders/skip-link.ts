import { createHmac, timingSafeEqual } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import {
  businessDayText,
  nextChargeAt,
  paths,
  standingOrderCycleAmount,
  type SkipStandingOrderDeliveryRequest,
  type SkipStandingOrderDeliveryResponse,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { resolveStripeTarget, type Env } from '../lib/stripe-client';
import { SKIP_CUTOFF_MS } from './manage';
import { reconcileStandingOrder } from './reconcile';
import { readStandingOrder, type StandingOrderRecord } from './standing-order-record';

/**
 * The reminder mail's one-tap skip link (docs/standing-orders.md#the-reminder-mail): a token that
 * names one standing order and one delivery, signed with HMAC-SHA256 and valid until that
 * delivery is charged. Opening the page only shows the delivery (mail scanners open links); the
 * skip is a second, explicit call with `confirm: true`. A link whose delivery was charged, moved,
 * paused or cancelled since no longer skips anything.
 */

export const INVALID_LINK =
  'This skip link is not valid or has expired. Sign in and open My Account > Standing orders to skip a delivery.';
export const STALE_LINK =
  'This delivery was charged or changed since the reminder: the link no longer skips it. Sign in and open My Account > Standing orders.';

interface SkipPayload {
  /** The standing order. */
  s: string;
  /** The delivery (ms). */
  d: number;
  /** Expires (ms): the delivery itself. */
  e: number;
}

/**
 * The signing key: derived from the Stripe secret key (standing orders exist only where Stripe is
 * configured), or from the sandbox's address on the local stack and in the tests.
 */
function signingKey(env: Env): Buffer {
  const target = resolveStripeTarget(env);
  const secret = target.kind === 'stripe' ? target.apiKey : `sandbox:${target.host}:${target.port}`;
  return createHmac('sha256', 'portal-standing-order-skip-link').update(secret).digest();
}

const sign = (body: string, env: Env) =>
  createHmac('sha256', signingKey(env)).update(body).digest('base64url');

/** The token of the link that skips `deliveryAt` of a standing order. */
export function skipToken(env: Env, standingOrderId: string, deliveryAt: Date): string {
  const payload: SkipPayload = {
    s: standingOrderId,
    d: deliveryAt.getTime(),
    e: deliveryAt.getTime(),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(body, env)}`;
}

/** What a token says when its signature is right and it has not expired; else null. */
export function readSkipToken(env: Env, token: string, now: number): SkipPayload | null {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  const expected = Buffer.from(sign(body, env));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SkipPayload;
    if (typeof payload.s !== 'string' || !payload.s || payload.s.includes('/')) return null;
    if (!Number.isSafeInteger(payload.d) || !Number.isSafeInteger(payload.e)) return null;
    return payload.e > now ? payload : null;
  } catch {
    return null;
  }
}

function view(
  standing: StandingOrderRecord,
  deliveryAt: Date,
  state: SkipStandingOrderDeliveryResponse['state'],
): SkipStandingOrderDeliveryResponse {
  const next = nextChargeAt(
    state === 'skipped' ? standing : { ...standing, skipped_delivery_at: deliveryAt },
  );
  return {
    state,
    storeName: standing.store_name,
    deliveryAt: deliveryAt.toISOString(),
    intervalWeeks: standing.interval_weeks,
    lines: standing.lines
      .filter((line) => line.paused_reason === null)
      .map((line) => ({ name: line.name, quantity: line.quantity, unitAmount: line.unit_amount })),
    total: standingOrderCycleAmount(standing.lines),
    nextChargeAt: next ? next.toISOString() : null,
  };
}

/**
 * skipStandingOrderDelivery: shows the delivery a link is for, and with `confirm` skips exactly
 * it (again: nothing changes). Refused, changing nothing, for a tampered or expired token and for
 * a delivery that was charged, moved, paused or cancelled since.
 */
export async function skipStandingOrderDelivery(
  ctx: Pick<Context, 'db' | 'stripe' | 'env' | 'now'>,
  request: SkipStandingOrderDeliveryRequest,
): Promise<SkipStandingOrderDeliveryResponse> {
  const payload = readSkipToken(ctx.env, request.token, ctx.now());
  if (!payload) throw new PreconditionError(INVALID_LINK);
  const standing = readStandingOrder(await ctx.db.doc(paths.standingOrder(payload.s)).get());
  if (!standing) throw new PreconditionError(INVALID_LINK);
  const deliveryAt = new Date(payload.d);
  const next = standing.next_delivery_at?.getTime() ?? null;
  const skipped = standing.skipped_delivery_at?.getTime() ?? null;
  const running = standing.status === 'active' || standing.status === 'payment_failed';
  if (
    !running ||
    next !== payload.d ||
    nextChargeAt({ ...standing, skipped_delivery_at: null })?.getTime() !== payload.d
  ) {
    throw new PreconditionError(STALE_LINK);
  }
  if (skipped === payload.d) return view(standing, deliveryAt, 'skipped');
  if (!request.confirm) return view(standing, deliveryAt, 'scheduled');
  if (payload.d - Date.now() < SKIP_CUTOFF_MS) {
    throw new PreconditionError('This delivery is being charged now and can no longer be skipped.');
  }
  const result = await reconcileStandingOrder(ctx, standing.id, {
    skippedDeliveryAt: Timestamp.fromDate(deliveryAt),
    history: {
      by: 'skip-link',
      action: 'skip_link',
      text: `Skipped the delivery of ${businessDayText(deliveryAt)} from the reminder`,
    },
  });
  log.info('standing_order_changed', { standingOrderId: standing.id, action: 'skip_link' });
  return view(result, deliveryAt, 'skipped');
}
