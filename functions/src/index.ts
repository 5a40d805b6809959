/**
 * Wires triggers only. Handlers are plain exported functions in src/handlers (callables built
 * with handlers/edge.ts), tested directly against the local stack.
 */
import { setGlobalOptions } from 'firebase-functions/v2';
import { onCall, onRequest } from 'firebase-functions/v2/https';
import { createCheckoutSessionHandler } from './handlers/create-checkout-session';
import { refundOrderHandler } from './handlers/refund-order';
import { saveShipToHandler } from './handlers/save-ship-to';
import { setProfileStatusHandler } from './handlers/set-profile-status';
import { stripeWebhookHandler } from './handlers/stripe-webhook';
import { updateOrderStatusHandler } from './handlers/update-order-status';
import { verifyPaymentHandler } from './handlers/verify-payment';
import { maxInstances } from './lib/scaling';
import { stripeSecretKey, stripeWebhookSecret } from './payments/stripe-client';

// Every function: a cap on instances, so a traffic spike or a loop cannot run up the bill.
setGlobalOptions({ maxInstances });

// Accounts and access: managers approve or reject applicants (custom claims).
export const setProfileStatus = onCall(setProfileStatusHandler);
export const saveShipTo = onCall({ secrets: [stripeSecretKey] }, saveShipToHandler);

// Checkout and orders. Secrets and the local Stripe sandbox: functions/README.md.
export const createCheckoutSession = onCall(
  { secrets: [stripeSecretKey] },
  createCheckoutSessionHandler,
);
export const verifyPayment = onCall({ secrets: [stripeSecretKey] }, verifyPaymentHandler);
export const updateOrderStatus = onCall({ secrets: [stripeSecretKey] }, updateOrderStatusHandler);
export const refundOrder = onCall({ secrets: [stripeSecretKey] }, refundOrderHandler);
export const stripeWebhook = onRequest(
  { secrets: [stripeSecretKey, stripeWebhookSecret] },
  stripeWebhookHandler,
);
