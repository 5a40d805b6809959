import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import { adminAuth, firestore } from '../../src/lib/admin';
import { paths } from '@portal/domain';
import { buyerClaims } from '../company-fixtures';
import {
  auditEntriesFor,
  claimsOf,
  createAccount,
  profileOf,
  requestAs,
  signIn,
  type TestAccount,
} from './support';

let manager: TestAccount;

beforeAll(async () => {
  manager = await createAccount('manager', 'approved');
});

const asManager = (data: unknown) => requestAs(manager, data);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('setProfileStatus: who may call it', () => {
  it('refuses an unauthenticated call', async () => {
    const target = await createAccount('retailer', 'pending');
    await expect(
      setProfileStatusHandler({ data: { uid: target.uid, status: 'approved' } }),
    ).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    expect((await profileOf(target.uid)).status).toBe('pending');
  });

  it.each([
    ['an approved retailer', 'retailer', 'approved'],
    ['an approved wholesaler', 'wholesaler', 'approved'],
    ['a pending applicant (approving themselves)', 'retailer', 'pending'],
    ['a rejected buyer', 'wholesaler', 'rejected'],
  ] as const)('refuses %s with permission-denied', async (_label, role, status) => {
    const caller = await createAccount(role, status);
    const target = await createAccount('retailer', 'pending');
    for (const uid of [target.uid, caller.uid]) {
      await expect(
        setProfileStatusHandler(await requestAs(caller, { uid, status: 'approved' })),
      ).rejects.toMatchObject({
        code: 'permission-denied',
      });
    }
    expect((await profileOf(target.uid)).status).toBe('pending');
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'pending'));
  });

  it('refuses a caller whose profile says manager but whose claims do not', async () => {
    const caller = await createAccount('manager', 'approved', {
      claims: { role: 'retailer', status: 'approved' },
    });
    const target = await createAccount('retailer', 'pending');
    await expect(
      setProfileStatusHandler(await requestAs(caller, { uid: target.uid, status: 'approved' })),
    ).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });
});

describe('setProfileStatus: arguments and targets', () => {
  it.each([
    ['no data', undefined],
    ['an empty object', {}],
    ['a missing status', { uid: 'someone' }],
    ['a reason with an approval', { uid: 'someone', status: 'approved', reason: 'Welcome' }],
    ['a reason of 501 characters', { uid: 'someone', status: 'rejected', reason: 'x'.repeat(501) }],
    ['an unknown status', { uid: 'someone', status: 'banned' }],
    ['a role instead of a status', { uid: 'someone', status: 'approved', role: 'manager' }],
    ['an empty uid', { uid: '', status: 'approved' }],
    ['a uid with a slash', { uid: 'a/b', status: 'approved' }],
    ['a numeric uid', { uid: 42, status: 'approved' }],
  ])('rejects %s with invalid-argument', async (_label, data) => {
    await expect(setProfileStatusHandler(await asManager(data))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });

  it('answers not-found for a uid with no Auth user', async () => {
    await expect(
      setProfileStatusHandler(
        await asManager({ uid: 'no-such-user-anywhere', status: 'approved' }),
      ),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('answers not-found for a user without a profile, and sets no claims', async () => {
    const target = await createAccount('retailer', 'pending', { claims: null, noProfile: true });
    await expect(
      setProfileStatusHandler(await asManager({ uid: target.uid, status: 'approved' })),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(await claimsOf(target.uid)).toBeUndefined();
  });

  it.each([
    ['rejected', 'approved'],
    ['rejected', 'rejected'],
    ['approved', 'approved'],
    ['approved', 'pending'],
    ['pending', 'pending'],
  ] as const)('refuses %s -> %s with failed-precondition and changes nothing', async (from, to) => {
    const target = await createAccount('wholesaler', from);
    await expect(
      setProfileStatusHandler(await asManager({ uid: target.uid, status: to })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
    });
    expect((await profileOf(target.uid)).status).toBe(from);
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'wholesaler', from));
    expect(await auditEntriesFor(target.uid)).toEqual([]);
  });

  it('refuses to approve or reject a manager', async () => {
    const other = await createAccount('manager', 'approved');
    for (const status of ['approved', 'rejected'] as const) {
      await expect(
        setProfileStatusHandler(await asManager({ uid: other.uid, status })),
      ).rejects.toMatchObject({
        code: 'failed-precondition',
      });
    }
    expect(await claimsOf(other.uid)).toEqual({ role: 'manager', status: 'approved' });
  });
});

describe('setProfileStatus: approval', () => {
  it('sets the claims from the profile, records the review and writes an audit entry', async () => {
    const target = await createAccount('wholesaler', 'pending');
    const before = Timestamp.now();
    const result = await setProfileStatusHandler(
      await asManager({ uid: target.uid, status: 'approved' }),
    );
    expect(result).toEqual({ uid: target.uid, status: 'approved' });

    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'wholesaler', 'approved'));
    // The review is the company's: the company records it as well as the owner's profile.
    const company = (await firestore().doc(paths.company(target.uid)).get()).data();
    expect(company).toMatchObject({ status: 'approved', reviewed_by: manager.uid });
    expect(company?.reviewed_at).toBeInstanceOf(Timestamp);
    const profile = await profileOf(target.uid);
    expect(profile).toMatchObject({
      status: 'approved',
      role: 'wholesaler',
      reviewed_by: manager.uid,
    });
    expect(profile.reviewed_at).toBeInstanceOf(Timestamp);
    expect((profile.reviewed_at as Timestamp).toMillis()).toBeGreaterThanOrEqual(
      before.toMillis() - 1000,
    );

    const entries = await auditEntriesFor(target.uid);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'profile.status_changed',
      actor: manager.uid,
      target: target.uid,
      from: 'pending',
      to: 'approved',
    });
    expect(entries[0]?.at).toBeInstanceOf(Timestamp);

    // The new claims are in the next ID token the user gets.
    const token = await adminAuth().verifyIdToken(await signIn(target.email));
    expect([token.role, token.status, token.company, token.company_role]).toEqual([
      'wholesaler',
      'approved',
      target.uid,
      'owner',
    ]);
  });

  it('takes the role from the company and the membership from the profile, not from stale claims, and keeps other claims', async () => {
    const target = await createAccount('retailer', 'pending', {
      claims: {
        role: 'wholesaler',
        status: 'pending',
        company: 'some-other-company',
        company_role: 'viewer',
        beta: true,
      },
    });
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'approved' }));
    expect(await claimsOf(target.uid)).toEqual({
      ...buyerClaims(target.uid, 'retailer', 'approved'),
      beta: true,
    });
  });

  it('approves a user who has no claims yet (fresh sign-up)', async () => {
    const target = await createAccount('retailer', 'pending', { claims: null });
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'approved' }));
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'approved'));
  });

  it('does not revoke the session on approval', async () => {
    const target = await createAccount('retailer', 'pending');
    const validAfter = (await adminAuth().getUser(target.uid)).tokensValidAfterTime;
    await sleep(1100);
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'approved' }));
    expect((await adminAuth().getUser(target.uid)).tokensValidAfterTime).toBe(validAfter);
  });

  it('finishes an approval whose claims were not set (retry after a partial failure)', async () => {
    // The profile committed as approved but the claims still say pending.
    const target = await createAccount('retailer', 'approved', {
      claims: { role: 'retailer', status: 'pending' },
    });
    const result = await setProfileStatusHandler(
      await asManager({ uid: target.uid, status: 'approved' }),
    );
    expect(result).toEqual({ uid: target.uid, status: 'approved' });
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'approved'));
    expect(await auditEntriesFor(target.uid)).toEqual([
      expect.objectContaining({
        action: 'profile.claims_synced',
        actor: manager.uid,
        from: 'pending',
        to: 'approved',
      }),
    ]);
  });

  it('lets one of two simultaneous approvals through and refuses the other', async () => {
    const target = await createAccount('wholesaler', 'pending');
    const [a, b] = await Promise.all([
      asManager({ uid: target.uid, status: 'approved' }),
      asManager({ uid: target.uid, status: 'approved' }),
    ]);
    const outcomes = await Promise.allSettled([
      setProfileStatusHandler(a),
      setProfileStatusHandler(b),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failure?.reason).toMatchObject({ code: 'failed-precondition' });
    const changes = (await auditEntriesFor(target.uid)).filter(
      (e) => e.action === 'profile.status_changed',
    );
    expect(changes).toHaveLength(1);
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'wholesaler', 'approved'));
  });

  it('does not undo a half-done rejection: approved profile, rejected claims', async () => {
    // The rejection set the member's claims (company and role included), then failed to commit.
    const uid = `acct-half-rejected-${randomUUID().slice(0, 8)}`;
    const target = await createAccount('retailer', 'approved', {
      uid,
      claims: buyerClaims(uid, 'retailer', 'rejected'),
    });
    await expect(
      setProfileStatusHandler(await asManager({ uid: target.uid, status: 'approved' })),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'rejected'));
  });
});

describe('setProfileStatus: rejection', () => {
  it('sets the claims, records the review and the audit entry, and revokes the refresh tokens', async () => {
    const target = await createAccount('retailer', 'approved');
    const idToken = await signIn(target.email);
    const validAfter = new Date(
      (await adminAuth().getUser(target.uid)).tokensValidAfterTime ?? 0,
    ).getTime();
    await sleep(1100);

    const result = await setProfileStatusHandler(
      await asManager({ uid: target.uid, status: 'rejected' }),
    );
    expect(result).toEqual({ uid: target.uid, status: 'rejected' });

    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'rejected'));
    expect(await profileOf(target.uid)).toMatchObject({
      status: 'rejected',
      reviewed_by: manager.uid,
    });
    expect(await auditEntriesFor(target.uid)).toEqual([
      expect.objectContaining({
        action: 'profile.status_changed',
        actor: manager.uid,
        target: target.uid,
        from: 'approved',
        to: 'rejected',
      }),
    ]);

    const revokedAfter = new Date(
      (await adminAuth().getUser(target.uid)).tokensValidAfterTime ?? 0,
    ).getTime();
    expect(revokedAfter).toBeGreaterThan(validAfter);
    // The session's token no longer passes a revocation check.
    await expect(adminAuth().verifyIdToken(idToken, true)).rejects.toMatchObject({
      code: 'auth/id-token-revoked',
    });
  });

  it('finishes a rejection whose profile write did not happen (retry)', async () => {
    // Claims and revocation went through; the profile still reads approved: the retry redoes it.
    const target = await createAccount('wholesaler', 'approved', {
      claims: { role: 'wholesaler', status: 'rejected' },
    });
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'rejected' }));
    expect((await profileOf(target.uid)).status).toBe('rejected');
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'wholesaler', 'rejected'));
  });

  it('re-applies the claims and revocation when a rejected profile still has approved claims', async () => {
    const target = await createAccount('retailer', 'rejected', {
      claims: { role: 'retailer', status: 'approved' },
    });
    const validAfter = new Date(
      (await adminAuth().getUser(target.uid)).tokensValidAfterTime ?? 0,
    ).getTime();
    await sleep(1100);
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'rejected' }));
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'rejected'));
    expect(
      new Date((await adminAuth().getUser(target.uid)).tokensValidAfterTime ?? 0).getTime(),
    ).toBeGreaterThan(validAfter);
  });

  it('leaves other profiles and users alone', async () => {
    const target = await createAccount('retailer', 'approved');
    const bystander = await createAccount('retailer', 'approved');
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'rejected' }));
    expect(await claimsOf(bystander.uid)).toEqual(
      buyerClaims(bystander.uid, 'retailer', 'approved'),
    );
    expect((await firestore().doc(paths.profile(bystander.uid)).get()).data()?.status).toBe(
      'approved',
    );
  });
});

describe('setProfileStatus: decline and reopen', () => {
  it('declines a pending applicant with a reason: claims, revocation, profile and an audit entry with the reason', async () => {
    const target = await createAccount('retailer', 'pending');
    const validAfter = new Date(
      (await adminAuth().getUser(target.uid)).tokensValidAfterTime ?? 0,
    ).getTime();
    await sleep(1100);
    const result = await setProfileStatusHandler(
      await asManager({ uid: target.uid, status: 'rejected', reason: '  Outside our area.  ' }),
    );
    expect(result).toEqual({ uid: target.uid, status: 'rejected' });
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'rejected'));
    expect(await profileOf(target.uid)).toMatchObject({
      status: 'rejected',
      reviewed_by: manager.uid,
    });
    expect(await auditEntriesFor(target.uid)).toEqual([
      expect.objectContaining({
        action: 'profile.status_changed',
        actor: manager.uid,
        target: target.uid,
        from: 'pending',
        to: 'rejected',
        review: 'decline',
        reason: 'Outside our area.',
        at: expect.any(Timestamp),
      }),
    ]);
    expect(
      new Date((await adminAuth().getUser(target.uid)).tokensValidAfterTime ?? 0).getTime(),
    ).toBeGreaterThan(validAfter);
  });

  it('declines without a reason: the audit entry has none', async () => {
    const target = await createAccount('wholesaler', 'pending');
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'rejected' }));
    const [entry] = await auditEntriesFor(target.uid);
    expect(entry).toMatchObject({ review: 'decline', to: 'rejected' });
    expect(entry).not.toHaveProperty('reason');
  });

  it('reopens a rejected account: pending in profile and claims, a new review round, audited', async () => {
    const target = await createAccount('retailer', 'rejected');
    await firestore()
      .doc(paths.profile(target.uid))
      .update({ reviewed_at: Timestamp.now(), reviewed_by: 'someone' });
    const result = await setProfileStatusHandler(
      await asManager({ uid: target.uid, status: 'pending' }),
    );
    expect(result).toEqual({ uid: target.uid, status: 'pending' });
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'pending'));
    const profile = await profileOf(target.uid);
    expect(profile).toMatchObject({ status: 'pending', review_round: 1 });
    // It waits for a review again.
    expect(profile).not.toHaveProperty('reviewed_at');
    expect(profile).not.toHaveProperty('reviewed_by');
    expect(await auditEntriesFor(target.uid)).toEqual([
      expect.objectContaining({
        actor: manager.uid,
        from: 'rejected',
        to: 'pending',
        review: 'reopen',
      }),
    ]);
    // The new claims are in the next ID token the user gets.
    const token = await adminAuth().verifyIdToken(await signIn(target.email));
    expect([token.role, token.status, token.company, token.company_role]).toEqual([
      'retailer',
      'pending',
      target.uid,
      'owner',
    ]);
  });

  it('lets a reopened account be approved, and declined again after another reopen', async () => {
    const target = await createAccount('wholesaler', 'pending');
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'rejected' }));
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'pending' }));
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'approved' }));
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'wholesaler', 'approved'));
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'rejected' }));
    await setProfileStatusHandler(await asManager({ uid: target.uid, status: 'pending' }));
    expect((await profileOf(target.uid)).review_round).toBe(2);
    const reviews = (await auditEntriesFor(target.uid)).map((entry) => entry.review);
    expect(reviews.sort()).toEqual(['approve', 'decline', 'reject', 'reopen', 'reopen']);
  });

  it('refuses a reason with a reopen and a rejected account going straight to approved, changing nothing', async () => {
    const target = await createAccount('retailer', 'rejected');
    await expect(
      setProfileStatusHandler(
        await asManager({ uid: target.uid, status: 'pending', reason: 'Try again' }),
      ),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(
      setProfileStatusHandler(await asManager({ uid: target.uid, status: 'approved' })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'A rejected profile cannot be approved directly: reopen it first.',
    });
    expect((await profileOf(target.uid)).status).toBe('rejected');
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'rejected'));
    expect(await auditEntriesFor(target.uid)).toEqual([]);
  });

  it('refuses a reopen or a decline from a buyer', async () => {
    const caller = await createAccount('retailer', 'approved');
    const target = await createAccount('retailer', 'rejected');
    await expect(
      setProfileStatusHandler(await requestAs(caller, { uid: target.uid, status: 'pending' })),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await profileOf(target.uid)).status).toBe('rejected');
  });

  it('refuses to reopen a manager', async () => {
    const other = await createAccount('manager', 'approved');
    await expect(
      setProfileStatusHandler(await asManager({ uid: other.uid, status: 'pending' })),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(await claimsOf(other.uid)).toEqual({ role: 'manager', status: 'approved' });
  });
});
