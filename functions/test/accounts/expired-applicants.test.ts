import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { paths, UNVERIFIED_APPLICANT_TTL_MS } from '@portal/domain';
import { sweepExpiredApplicants } from '../../src/accounts/expired-applicants';
import { adminAuth, firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { log } from '../../src/lib/log';
import * as deployed from '../../src/index';
import { createAccount, type TestAccount } from './support';

/**
 * Unverified applicants expire: Firestore's TTL policy deletes their profile and mails, and the
 * daily sweep deletes their Auth account (and the profile, if the policy has not yet). Accounts
 * that were let in, verified or reviewed in any way are never touched.
 */

beforeAll(() => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
});

const exists = async (account: TestAccount) => ({
  user: await adminAuth()
    .getUser(account.uid)
    .then(
      () => true,
      () => false,
    ),
  profile: (await firestore().doc(paths.profile(account.uid)).get()).exists,
});

describe('sweepExpiredApplicants', () => {
  it('deletes unverified, never-reviewed applicants older than the TTL, and nobody else', async () => {
    const tag = randomUUID().slice(0, 6);
    const unverifiedPending = await createAccount('retailer', 'pending', {
      claims: null,
      emailVerified: false,
      uid: `expired-pending-${tag}`,
    });
    const noProfile = await createAccount('retailer', 'pending', {
      claims: null,
      emailVerified: false,
      noProfile: true,
      uid: `expired-noprofile-${tag}`,
    });
    const verifiedPending = await createAccount('retailer', 'pending', {
      claims: null,
      uid: `kept-verified-${tag}`,
    });
    // Approved without a verified address (the manager confirmed): claims, so kept.
    const approvedUnverified = await createAccount('wholesaler', 'approved', {
      emailVerified: false,
      uid: `kept-approved-${tag}`,
    });
    // Reviewed before claims were set (a retry pending): the profile says so, so kept.
    const reviewedNoClaims = await createAccount('retailer', 'rejected', {
      claims: null,
      emailVerified: false,
      uid: `kept-reviewed-${tag}`,
    });

    // Today nothing is old enough.
    await sweepExpiredApplicants(createContext());
    for (const account of [unverifiedPending, noProfile]) {
      expect(await exists(account)).toMatchObject({ user: true });
    }

    // Past the TTL.
    await sweepExpiredApplicants(
      createContext(),
      Date.now() + UNVERIFIED_APPLICANT_TTL_MS + 60_000,
    );
    expect(await exists(unverifiedPending)).toEqual({ user: false, profile: false });
    expect(await exists(noProfile)).toEqual({ user: false, profile: false });
    expect(await exists(verifiedPending)).toEqual({ user: true, profile: true });
    expect(await exists(approvedUnverified)).toEqual({ user: true, profile: true });
    expect(await exists(reviewedNoClaims)).toEqual({ user: true, profile: true });
  });

  it('runs once a day in production', () => {
    const endpoint = (
      deployed.sweepExpiredApplicants as unknown as {
        __endpoint: { scheduleTrigger?: { schedule?: string } };
      }
    ).__endpoint;
    expect(endpoint.scheduleTrigger?.schedule).toBe('every 24 hours');
  });
});
