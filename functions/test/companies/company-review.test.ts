import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { mailKeys, paths } from '@portal/domain';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import { adminAuth, firestore } from '../../src/lib/admin';
import { log } from '../../src/lib/log';
import {
  auditEntriesFor,
  claimsOf,
  createAccount,
  createMemberAccount,
  profileOf,
  requestAs,
  signIn,
  type TestAccount,
} from '../accounts/support';
import { buyerClaims } from '../company-fixtures';
import { mailDoc } from '../mail/support';

/**
 * A review is the company's (docs/companies.md): setProfileStatus names any member, and the
 * company, every member's profile and every member's claims move together. Each member keeps
 * their own company role and locations.
 */

let manager: TestAccount;

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  manager = await createAccount('manager', 'approved');
});

const asManager = async (data: unknown) => setProfileStatusHandler(await requestAs(manager, data));

/** A company of its owner (company id: the owner's uid) with a buyer and a viewer. */
async function companyOfThree(status: 'pending' | 'approved') {
  const owner = await createAccount('wholesaler', status);
  const [buyer, viewer] = await Promise.all([
    createMemberAccount(owner.uid, 'buyer', ['main']),
    createMemberAccount(owner.uid, 'viewer'),
  ]);
  return { companyId: owner.uid, owner, buyer, viewer };
}

const memberClaims = (
  companyId: string,
  role: 'owner' | 'buyer' | 'viewer',
  status: 'pending' | 'approved' | 'rejected',
) => ({ role: 'wholesaler', status, company: companyId, company_role: role });

const validAfter = async (account: TestAccount) =>
  new Date((await adminAuth().getUser(account.uid)).tokensValidAfterTime ?? 0).getTime();

describe('reviewing a company with several members', () => {
  it("approves the company named by any member: its document, every member's profile and claims, each keeping their role", async () => {
    const { companyId, owner, buyer, viewer } = await companyOfThree('pending');
    const bystander = await createAccount('retailer', 'pending');

    // Named by the buyer: the review is still the company's.
    expect(await asManager({ uid: buyer.uid, status: 'approved' })).toEqual({
      uid: buyer.uid,
      status: 'approved',
    });

    const company = (await firestore().doc(paths.company(companyId)).get()).data();
    expect(company).toMatchObject({ status: 'approved', reviewed_by: manager.uid });
    expect(company?.reviewed_at).toBeInstanceOf(Timestamp);
    for (const [member, role, locations] of [
      [owner, 'owner', []],
      [buyer, 'buyer', ['main']],
      [viewer, 'viewer', []],
    ] as const) {
      expect(await profileOf(member.uid)).toMatchObject({
        status: 'approved',
        role: 'wholesaler',
        reviewed_by: manager.uid,
        company_id: companyId,
        company_role: role,
        location_ids: locations,
      });
      expect(await claimsOf(member.uid)).toEqual(memberClaims(companyId, role, 'approved'));
    }
    // The buyer's next ID token names the company and their own role in it.
    const token = await adminAuth().verifyIdToken(await signIn(buyer.email));
    expect([token.status, token.company, token.company_role]).toEqual([
      'approved',
      companyId,
      'buyer',
    ]);

    // One audit entry, on the company; one approval mail, to the owner.
    expect(await auditEntriesFor(companyId)).toEqual([
      expect.objectContaining({
        action: 'profile.status_changed',
        from: 'pending',
        to: 'approved',
      }),
    ]);
    expect(await auditEntriesFor(buyer.uid)).toEqual([]);
    expect(await mailDoc(mailKeys.profileApproved(owner.uid))).not.toBeNull();
    expect(await mailDoc(mailKeys.profileApproved(buyer.uid))).toBeNull();

    // Another company is not touched.
    expect((await profileOf(bystander.uid)).status).toBe('pending');
    expect(await claimsOf(bystander.uid)).toEqual(
      buyerClaims(bystander.uid, 'retailer', 'pending'),
    );
  });

  it("rejects the company: every member's claims set and refresh tokens revoked", async () => {
    const { companyId, owner, buyer, viewer } = await companyOfThree('approved');
    const members = [owner, buyer, viewer];
    const idTokens = await Promise.all(members.map((member) => signIn(member.email)));
    const before = await Promise.all(members.map(validAfter));
    await sleep(1100);

    await asManager({ uid: owner.uid, status: 'rejected', reason: 'Permit expired.' });

    expect((await firestore().doc(paths.company(companyId)).get()).get('status')).toBe('rejected');
    for (const [i, [member, role]] of (
      [
        [owner, 'owner'],
        [buyer, 'buyer'],
        [viewer, 'viewer'],
      ] as const
    ).entries()) {
      expect((await profileOf(member.uid)).status).toBe('rejected');
      expect(await claimsOf(member.uid)).toEqual(memberClaims(companyId, role, 'rejected'));
      expect(await validAfter(member)).toBeGreaterThan(before[i]!);
      // The session's token no longer passes a revocation check.
      await expect(adminAuth().verifyIdToken(idTokens[i]!, true)).rejects.toMatchObject({
        code: 'auth/id-token-revoked',
      });
    }
    expect(await auditEntriesFor(companyId)).toEqual([
      expect.objectContaining({ to: 'rejected', review: 'reject', reason: 'Permit expired.' }),
    ]);
  });

  it('finishes a review whose claims reached only some members, audited as synced from what they said', async () => {
    const { companyId, owner, buyer, viewer } = await companyOfThree('approved');
    // The commit went through but the buyer's claims still say pending.
    await adminAuth().setCustomUserClaims(buyer.uid, memberClaims(companyId, 'buyer', 'pending'));

    await asManager({ uid: viewer.uid, status: 'approved' });

    expect(await claimsOf(buyer.uid)).toEqual(memberClaims(companyId, 'buyer', 'approved'));
    expect(await claimsOf(owner.uid)).toEqual(memberClaims(companyId, 'owner', 'approved'));
    expect(await auditEntriesFor(companyId)).toEqual([
      expect.objectContaining({ action: 'profile.claims_synced', from: 'pending', to: 'approved' }),
    ]);
    // All in step now: a second approval is refused.
    await expect(asManager({ uid: owner.uid, status: 'approved' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'The profile is already approved.',
    });
  });
});
