import { describe, expect, it } from 'vitest';
import {
  createCheckoutSession,
  stripeWebhook,
  updateOrderStatus,
  verifyPayment,
} from '../../src/index';

/** What `firebase deploy` reads: the trigger kind and the secrets each function binds. */
function endpointOf(fn: unknown) {
  return (fn as { __endpoint: Record<string, unknown> }).__endpoint;
}

const secretKeys = (fn: unknown) =>
  ((endpointOf(fn).secretEnvironmentVariables ?? []) as Array<{ key: string }>).map((s) => s.key);

describe('payments triggers (src/index.ts)', () => {
  it('deploys three callables with the Stripe key and the webhook with both secrets', () => {
    for (const fn of [createCheckoutSession, verifyPayment, updateOrderStatus]) {
      expect(endpointOf(fn)).toHaveProperty('callableTrigger');
      expect(secretKeys(fn)).toEqual(['STRIPE_SECRET_KEY']);
    }
    expect(endpointOf(stripeWebhook)).toHaveProperty('httpsTrigger');
    expect(secretKeys(stripeWebhook)).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('the deployed callables run the tested handlers', async () => {
    const request = { data: {}, rawRequest: {}, acceptsStreaming: false } as Parameters<
      typeof createCheckoutSession.run
    >[0];
    await expect(createCheckoutSession.run(request)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(
      verifyPayment.run({ ...request, data: { sessionId: 'cs_1' } }),
    ).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(updateOrderStatus.run(request)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
