import { describe, expect, it } from 'vitest';
import {
  getStoreDetails,
  onOrderWrittenForSearch,
  onProfileChanged,
  onProfileWrittenForSearch,
  searchOrders,
  searchUsers,
} from '../../src/index';

/** What `firebase deploy` reads from src/index.ts for the search callables and triggers. */
function endpointOf(fn: unknown) {
  return (fn as { __endpoint: Record<string, unknown> }).__endpoint;
}

const triggerOf = (fn: unknown) =>
  endpointOf(fn).eventTrigger as {
    eventType: string;
    eventFilterPathPatterns: { document: string };
    retry: boolean;
  };

describe('manager insight: search (src/index.ts)', () => {
  it('deploys searchOrders, searchUsers and getStoreDetails as callables without secrets', async () => {
    for (const fn of [searchOrders, searchUsers, getStoreDetails]) {
      expect(endpointOf(fn)).toHaveProperty('callableTrigger');
      expect(endpointOf(fn).secretEnvironmentVariables ?? []).toEqual([]);
      const request = { data: {}, rawRequest: {}, acceptsStreaming: false } as Parameters<
        typeof fn.run
      >[0];
      await expect(fn.run(request)).rejects.toMatchObject({ code: 'unauthenticated' });
    }
  });

  it('keeps the search fields with a trigger on every write of an order and of a profile', () => {
    expect(triggerOf(onOrderWrittenForSearch)).toMatchObject({
      eventType: 'google.cloud.firestore.document.v1.written',
      eventFilterPathPatterns: { document: 'orders/{orderId}' },
      retry: false,
    });
    expect(triggerOf(onProfileWrittenForSearch)).toMatchObject({
      eventType: 'google.cloud.firestore.document.v1.written',
      eventFilterPathPatterns: { document: 'profiles/{uid}' },
    });
    expect(endpointOf(onProfileWrittenForSearch).secretEnvironmentVariables ?? []).toEqual([]);
    // The profile's other triggers stay as they were: the search trigger is its own function.
    expect(triggerOf(onProfileChanged).eventType).toBe(
      'google.cloud.firestore.document.v1.updated',
    );
  });
});
