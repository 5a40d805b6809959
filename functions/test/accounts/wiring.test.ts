import { describe, expect, it } from 'vitest';
import { setProfileStatus, submitApplication } from '../../src/index';

/** What `firebase deploy` reads from src/index.ts for setProfileStatus, and what it runs. */
describe('setProfileStatus trigger (src/index.ts)', () => {
  it('is deployed as a callable with no secrets', () => {
    const endpoint = (setProfileStatus as unknown as { __endpoint: Record<string, unknown> })
      .__endpoint;
    expect(endpoint).toHaveProperty('callableTrigger');
    expect(endpoint.secretEnvironmentVariables ?? []).toEqual([]);
  });

  it('runs the tested handler (an unauthenticated call is refused)', async () => {
    const request = {
      data: { uid: 'someone', status: 'approved' },
      rawRequest: {},
      acceptsStreaming: false,
    } as Parameters<typeof setProfileStatus.run>[0];
    await expect(setProfileStatus.run(request)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});

describe('submitApplication trigger (src/index.ts)', () => {
  it('is deployed as a callable that runs the tested handler (a visitor is refused)', async () => {
    const endpoint = (submitApplication as unknown as { __endpoint: Record<string, unknown> })
      .__endpoint;
    expect(endpoint).toHaveProperty('callableTrigger');
    const request = {
      data: {
        fullName: 'Ada',
        storeName: 'Shop',
        sellerPermitId: 'SP-1',
        businessType: 'retailer',
      },
      rawRequest: {},
      acceptsStreaming: false,
    } as Parameters<typeof submitApplication.run>[0];
    await expect(submitApplication.run(request)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });
});
