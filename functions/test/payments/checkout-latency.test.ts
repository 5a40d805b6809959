import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { log } from '../../src/lib/log';
import { createUser, checkoutsOfUser, setCart, type TestUser } from './support';

/**
 * Median createCheckoutSession latency on the local stack: the handler called directly against
 * the Auth emulator, the local Firestore emulator and the global setup's Stripe sandbox process
 * (STRIPE_SANDBOX_URL from the stack), 20 new checkouts of a three-line cart, then 20 repeats.
 */
const RUNS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

describe('createCheckoutSession latency', () => {
  let buyers: TestUser[];
  beforeAll(async () => {
    for (const level of ['info', 'warn'] as const)
      vi.spyOn(log, level).mockImplementation(() => undefined);
    buyers = await Promise.all(
      Array.from({ length: RUNS }, (_, i) => createUser(i % 2 ? 'wholesaler' : 'retailer')),
    );
    await Promise.all(
      buyers.map((b) =>
        setCart(b.uid, { 'purple-dream': 2, 'mango-tango': 1, 'slushie-machine-double': 1 }),
      ),
    );
  });

  it(`reports the median of ${RUNS} calls`, async () => {
    expect(process.env.STRIPE_SANDBOX_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const created: number[] = [];
    const reused: number[] = [];
    const urls: string[] = [];
    for (const buyer of buyers) {
      const start = performance.now();
      const { url } = await createCheckoutSessionHandler(buyer.request({}));
      created.push(performance.now() - start);
      urls.push(url);
    }
    for (const [i, buyer] of buyers.entries()) {
      const start = performance.now();
      const { url } = await createCheckoutSessionHandler(buyer.request({}));
      reused.push(performance.now() - start);
      expect(url).toBe(urls[i]);
    }
    const summary = {
      newCheckoutMedianMs: Math.round(median(created)),
      newCheckoutMaxMs: Math.round(Math.max(...created)),
      repeatMedianMs: Math.round(median(reused)),
    };
    console.log(
      `createCheckoutSession latency (local stack, ${RUNS} calls each): ${JSON.stringify(summary)}`,
    );
    expect(new Set(urls).size).toBe(RUNS);
    expect((await checkoutsOfUser(buyers[0]!.uid)).length).toBe(1);
    // Generous bounds: a regression to seconds per call (retries, lock waits) fails here.
    expect(summary.newCheckoutMedianMs).toBeLessThan(1500);
    expect(summary.repeatMedianMs).toBeLessThan(1500);
  });
});
