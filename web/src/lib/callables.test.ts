import { describe, expect, it, vi } from 'vitest';
import { FUNCTION_NAMES, REPLAY_PROTECTED_CALLABLES } from '@portal/domain';

const httpsCallable = vi.hoisted(() => vi.fn(() => vi.fn()));
vi.mock('firebase/functions', () => ({ httpsCallable }));
vi.mock('./firebase-app', () => ({ functions: { name: 'functions' } }));

describe('callables', () => {
  it('asks for a limited-use App Check token on exactly the replay-protected callables', async () => {
    // The buyers' and shared callables, the managers' reads (a module no buyer page loads) and the
    // resale certificates' calls.
    await import('./callables');
    await import('./manager-callables');
    // The resale certificates' calls (a module only their lazy chunks load).
    await import('./tax-callables');
    // Order lists' and back-in-stock alerts' calls (modules of their own lazy chunks).
    await import('./order-list-callables');
    await import('./stock-alert-callables');
    const options = new Map(
      httpsCallable.mock.calls.map((args: unknown[]) => [
        args[1] as string,
        args[2] as { limitedUseAppCheckTokens?: boolean },
      ]),
    );
    // Every callable the web app calls, each named once.
    expect(options.size).toBe(httpsCallable.mock.calls.length);
    expect(options.size).toBe(Object.keys(FUNCTION_NAMES).length - 1); // all but stripeWebhook
    for (const [name, option] of options) {
      expect(option, name).toEqual({
        limitedUseAppCheckTokens: REPLAY_PROTECTED_CALLABLES.has(name as never),
      });
    }
    for (const name of REPLAY_PROTECTED_CALLABLES) {
      expect(options.get(name), name).toEqual({ limitedUseAppCheckTokens: true });
    }
  });
});
