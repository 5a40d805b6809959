import type Stripe from 'stripe';
import { paths } from '@portal/domain';
import type { MailDeps } from '../mail/notifications';
import type { StandingOrderTransition } from '../standing-orders/renewals';
import { standingOrderOfInvoice } from '../standing-orders/stripe-objects';
import type { EventRef } from '../stripe/stripe-event-log';
import { readCheckout } from './checkout-record';
import {
  CheckoutMissingError,
  recordCheckoutCompleted,
  type CompletedOutcome,
  type SessionTransition,
} from './checkout-transitions';

/**
 * invoice.paid for a standing order's first invoice (billing reason subscription_create): it pays
 * the standing order's checkout, so it is recorded as the checkout's completion, the same
 * transition as checkout.session.completed, whichever comes first. The later invoices are
 * renewals (standing-orders/renewals.ts).
 */
export async function recordFirstInvoicePaid(
  deps: MailDeps & { stripe: () => Stripe },
  invoice: Stripe.Invoice,
  event?: EventRef,
): Promise<SessionTransition<CompletedOutcome> | StandingOrderTransition> {
  const standingId = await standingOrderOfInvoice(deps.stripe, invoice);
  if (!standingId) return { orderId: null, status: null, outcome: 'not-a-standing-order' };
  // The standing order, its checkout and its first order share one id.
  const checkout = readCheckout(await deps.db.doc(paths.checkout(standingId)).get());
  if (!checkout?.stripe_session_id) {
    throw new CheckoutMissingError(`Checkout ${standingId} of invoice ${invoice.id} is missing`);
  }
  const session = await deps.stripe().checkout.sessions.retrieve(checkout.stripe_session_id);
  const result = await recordCheckoutCompleted(deps, session, event);
  if (result.outcome === 'not-complete') {
    // Stripe retries the delivery; by then Checkout has completed the session.
    throw new Error(`Session ${session.id} of paid invoice ${invoice.id} is not complete yet`);
  }
  return result;
}
