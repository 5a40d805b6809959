import { describe, expect, it } from 'vitest';
import {
  getCompanyDetails,
  getStoreDetails,
  onCompanyChanged,
  onCompanyWrittenForSearch,
  onLocationWrittenForSearch,
  onOrderWrittenForSearch,
  onProfileChanged,
  onProfileWrittenForSearch,
  searchCompanies,
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
  it('deploys the searches and the store and company pages as callables without secrets', async () => {
    for (const fn of [
      searchOrders,
      searchUsers,
      getStoreDetails,
      searchCompanies,
      getCompanyDetails,
    ]) {
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

  it("keeps a company's search fields with triggers on the company and on its locations", () => {
    expect(triggerOf(onCompanyWrittenForSearch)).toMatchObject({
      eventType: 'google.cloud.firestore.document.v1.written',
      eventFilterPathPatterns: { document: 'companies/{companyId}' },
    });
    expect(triggerOf(onLocationWrittenForSearch)).toMatchObject({
      eventType: 'google.cloud.firestore.document.v1.written',
      eventFilterPathPatterns: { document: 'companies/{companyId}/locations/{locationId}' },
    });
    for (const fn of [onCompanyWrittenForSearch, onLocationWrittenForSearch]) {
      expect(endpointOf(fn).secretEnvironmentVariables ?? []).toEqual([]);
    }
    // The rename's copy onto the members' profiles stays its own function.
    expect(triggerOf(onCompanyChanged).eventType).toBe(
      'google.cloud.firestore.document.v1.updated',
    );
  });
});
