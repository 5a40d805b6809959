import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, INVITATION_MESSAGES, mailKeys, OWNERS_ONLY, paths } from '@portal/domain';
import {
  changeMemberRoleHandler,
  inviteMemberHandler,
  listCompanyMembersHandler,
  removeMemberHandler,
} from '../../src/handlers/members';
import {
  CHOOSE_COMPANY,
  CHOOSE_LOCATIONS,
  MEMBER_NOT_FOUND,
  NOT_YOUR_COMPANY,
} from '../../src/companies/members';
import { profileChangedHandler } from '../../src/handlers/standing-order-triggers';
import { adminAuth, firestore } from '../../src/lib/admin';
import { log } from '../../src/lib/log';
import { createAccount, type TestAccount } from '../accounts/support';
import { describeOutcome, settle } from '../support/call-outcome';
import {
  addMember,
  asUser,
  changesSince,
  createCompany,
  freshEmail,
  mailOf,
  profileData,
  snapshot,
  userOf,
  type TestCompany,
} from './support';

/**
 * A company's members (docs/companies.md#members-and-invitations): changeMemberRole,
 * removeMember and listCompanyMembers, called as the Functions runtime calls them.
 */

let manager: TestAccount;
let company: TestCompany;

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  manager = await createAccount('manager', 'approved');
});

beforeEach(async () => {
  company = await createCompany();
});

const change = async (as: TestAccount, data: Record<string, unknown>) =>
  changeMemberRoleHandler(await asUser(as, data));
const remove = async (as: TestAccount, uid: string) =>
  removeMemberHandler(await asUser(as, { uid }));
const list = async (as: TestAccount, data: Record<string, unknown> = {}) =>
  listCompanyMembersHandler(await asUser(as, data));

async function auditOf(uid: string, action: string) {
  const entries = await firestore()
    .collection(COLLECTIONS.auditLog)
    .where('target', '==', uid)
    .where('action', '==', action)
    .get();
  return entries.docs.map((doc) => ({ id: doc.id, ...doc.data() }));
}

const memberClaimsOf = (on: TestCompany, role: string) => ({
  role: 'retailer',
  status: 'approved',
  company: on.id,
  company_role: role,
});

describe('changeMemberRole', () => {
  it("changes a member's role: profile, claims, audit entry and a mail to the member", async () => {
    const buyer = await addMember(company, 'buyer', ['main']);
    expect(await change(company.owner, { uid: buyer.uid, role: 'viewer' })).toEqual({
      uid: buyer.uid,
    });
    expect(await profileData(buyer.uid)).toMatchObject({
      company_id: company.id,
      company_role: 'viewer',
      location_ids: [],
      full_name: `Name ${buyer.uid}`,
    });
    expect((await userOf(buyer.uid)).customClaims).toEqual(memberClaimsOf(company, 'viewer'));
    const [entry] = await auditOf(buyer.uid, 'company.member_role_changed');
    expect(entry).toMatchObject({
      actor: company.owner.uid,
      target: buyer.uid,
      company: company.id,
      from: 'buyer',
      to: 'viewer',
    });
    const mail = await mailOf(mailKeys.memberRoleChanged(buyer.uid, entry!.id));
    expect(mail?.to).toEqual([buyer.email]);
    expect(mail?.message.subject).toBe(`Your role in Store ${company.id}: Viewer`);
    expect(mail?.message.text).toContain('follow every order, invoice and shipment');
  });

  it("sets a buyer's locations, only the company's working ones", async () => {
    const viewer = await addMember(company, 'viewer');
    for (const locationIds of [[], ['closed'], ['nowhere']]) {
      const outcome = await settle(
        change(company.owner, { uid: viewer.uid, role: 'buyer', locationIds }),
      );
      expect(describeOutcome(outcome), JSON.stringify(locationIds)).toBe(
        `invalid-argument: ${CHOOSE_LOCATIONS}`,
      );
    }
    await change(company.owner, { uid: viewer.uid, role: 'buyer', locationIds: ['north', 'main'] });
    expect(await profileData(viewer.uid)).toMatchObject({
      company_role: 'buyer',
      location_ids: ['north', 'main'],
    });
    const [entry] = await auditOf(viewer.uid, 'company.member_role_changed');
    const mail = await mailOf(mailKeys.memberRoleChanged(viewer.uid, entry!.id));
    expect(mail?.message.text).toContain('Your locations: North store, Main St store');
  });

  it('changes nothing when the member already has that role and those locations', async () => {
    const buyer = await addMember(company, 'buyer', ['main']);
    const before = await snapshot();
    await change(company.owner, { uid: buyer.uid, role: 'buyer', locationIds: ['main'] });
    expect(changesSince(before, await snapshot())).toEqual([]);
  });

  it('keeps at least one owner: the only owner cannot step down', async () => {
    const before = await snapshot();
    for (const role of ['buyer', 'viewer']) {
      const outcome = await settle(
        change(company.owner, { uid: company.owner.uid, role, locationIds: ['main'] }),
      );
      expect(describeOutcome(outcome)).toBe(
        `failed-precondition: ${INVITATION_MESSAGES.lastOwner}`,
      );
    }
    const byManager = await settle(change(manager, { uid: company.owner.uid, role: 'viewer' }));
    expect(describeOutcome(byManager)).toBe(
      `failed-precondition: ${INVITATION_MESSAGES.lastOwner}`,
    );
    expect(changesSince(before, await snapshot())).toEqual([]);
  });

  it('transfers ownership: make another member owner, then step down', async () => {
    const next = await addMember(company, 'viewer');
    await change(company.owner, { uid: next.uid, role: 'owner' });
    await change(company.owner, { uid: company.owner.uid, role: 'viewer' });
    expect((await profileData(next.uid))?.company_role).toBe('owner');
    expect((await profileData(company.owner.uid))?.company_role).toBe('viewer');
    expect((await userOf(next.uid)).customClaims).toEqual(memberClaimsOf(company, 'owner'));
    expect((await userOf(company.owner.uid)).customClaims).toEqual(
      memberClaimsOf(company, 'viewer'),
    );
    // The former owner manages nothing any more; the new one does.
    const outcome = await settle(change(company.owner, { uid: next.uid, role: 'viewer' }));
    expect(describeOutcome(outcome)).toBe(`permission-denied: ${OWNERS_ONLY}`);
    const outcomeInvite = await settle(
      inviteMemberHandler(await asUser(next, { email: freshEmail(), role: 'viewer' })),
    );
    expect(describeOutcome(outcomeInvite)).toMatch(/^resolved/);
  });

  it('lets a manager change a role; refuses buyers, viewers and other companies', async () => {
    const buyer = await addMember(company, 'buyer', ['main']);
    const viewer = await addMember(company, 'viewer');
    const other = await createCompany();
    const before = await snapshot();
    for (const [label, caller, expected] of [
      ['a buyer', buyer, `permission-denied: ${OWNERS_ONLY}`],
      ['a viewer', viewer, `permission-denied: ${OWNERS_ONLY}`],
      ["another company's owner", other.owner, `not-found: ${MEMBER_NOT_FOUND}`],
    ] as const) {
      const outcome = await settle(change(caller, { uid: buyer.uid, role: 'owner' }));
      expect(describeOutcome(outcome), label).toBe(expected);
    }
    // A buyer raising themselves is refused the same way.
    const self = await settle(change(buyer, { uid: buyer.uid, role: 'owner' }));
    expect(describeOutcome(self)).toBe(`permission-denied: ${OWNERS_ONLY}`);
    const unknown = await settle(change(company.owner, { uid: 'nobody-here', role: 'owner' }));
    expect(describeOutcome(unknown)).toBe(`not-found: ${MEMBER_NOT_FOUND}`);
    expect(changesSince(before, await snapshot())).toEqual([]);

    await change(manager, { uid: buyer.uid, role: 'owner' });
    expect((await profileData(buyer.uid))?.company_role).toBe('owner');
    const [entry] = await auditOf(buyer.uid, 'company.member_role_changed');
    expect(entry).toMatchObject({ actor: manager.uid, from: 'buyer', to: 'owner' });
  });

  it.each([
    ['an unknown field', { uid: 'x', role: 'viewer', extra: 1 }],
    ['a bad role', { uid: 'x', role: 'manager' }],
    ['no uid', { role: 'viewer' }],
    ['a uid with a slash', { uid: 'a/b', role: 'viewer' }],
  ])('refuses %s with invalid-argument and writes nothing', async (_label, data) => {
    const before = await snapshot();
    expect(describeOutcome(await settle(change(company.owner, data)))).toMatch(
      /^invalid-argument: /,
    );
    expect(changesSince(before, await snapshot())).toEqual([]);
  });
});

describe('removeMember', () => {
  it('clears the membership, keeps the person, drops the claims, ends the sessions, mails', async () => {
    const buyer = await addMember(company, 'buyer', ['main']);
    await adminAuth().setCustomUserClaims(buyer.uid, {
      ...memberClaimsOf(company, 'buyer'),
      beta: true,
    });
    // An order the buyer placed stays the company's.
    const order = firestore().collection(COLLECTIONS.orders).doc();
    await order.set({ user_id: buyer.uid, company_id: company.id, status: 'paid', amount: 100 });
    const validAfter = (await userOf(buyer.uid)).tokensValidAfterTime;
    await new Promise((resolve) => setTimeout(resolve, 1100));

    expect(await remove(company.owner, buyer.uid)).toEqual({ uid: buyer.uid });

    const profile = await profileData(buyer.uid);
    expect(profile).toMatchObject({
      user_id: buyer.uid,
      full_name: `Name ${buyer.uid}`,
      company_id: null,
      company_role: null,
      location_ids: [],
    });
    const user = await userOf(buyer.uid);
    expect(user.customClaims).toEqual({ beta: true });
    expect(Date.parse(user.tokensValidAfterTime!)).toBeGreaterThan(Date.parse(validAfter!));
    expect((await order.get()).data()).toMatchObject({
      user_id: buyer.uid,
      company_id: company.id,
    });

    const [entry] = await auditOf(buyer.uid, 'company.member_removed');
    expect(entry).toMatchObject({
      actor: company.owner.uid,
      company: company.id,
      from: 'buyer',
      to: null,
    });
    const mail = await mailOf(mailKeys.memberRemoved(buyer.uid, entry!.id));
    expect(mail?.to).toEqual([buyer.email]);
    expect(mail?.message.subject).toBe(`You were removed from Store ${company.id}`);

    // No longer a member: the list refuses them, and removing them again finds nobody.
    expect(describeOutcome(await settle(list(buyer)))).toBe(
      'permission-denied: Your account is not approved for ordering.',
    );
    expect(describeOutcome(await settle(remove(company.owner, buyer.uid)))).toBe(
      `not-found: ${MEMBER_NOT_FOUND}`,
    );
  });

  it("closes the removed member's open checkouts when the removal lands (onProfileChanged)", async () => {
    const buyer = await addMember(company, 'buyer', ['main']);
    const checkout = firestore().collection(COLLECTIONS.checkouts).doc();
    await checkout.set({
      user_id: buyer.uid,
      company_id: company.id,
      state: 'open',
      amount: 1200,
      items: [],
      stripe_session_id: null,
      created_at: Timestamp.now(),
      updated_at: Timestamp.now(),
    });
    const landing = (before: Record<string, unknown>, after: Record<string, unknown>) =>
      profileChangedHandler({
        params: { uid: buyer.uid },
        data: {
          before: { get: (f: string) => before[f] },
          after: { get: (f: string) => after[f] },
        },
      });
    const profileBefore = (await profileData(buyer.uid))!;
    // Another change (a role change) leaves the checkout open.
    await landing(profileBefore, { ...profileBefore, company_role: 'viewer' });
    expect((await checkout.get()).get('state')).toBe('open');

    await remove(company.owner, buyer.uid);
    await landing(profileBefore, (await profileData(buyer.uid))!);
    expect((await checkout.get()).get('state')).toBe('failed');
  });

  it('lets a member leave, but not the last owner', async () => {
    const viewer = await addMember(company, 'viewer');
    await remove(viewer, viewer.uid);
    expect((await profileData(viewer.uid))?.company_id).toBeNull();
    const [entry] = await auditOf(viewer.uid, 'company.member_removed');
    expect(entry).toMatchObject({ actor: viewer.uid });
    expect((await mailOf(mailKeys.memberRemoved(viewer.uid, entry!.id)))?.message.subject).toBe(
      `You left Store ${company.id}`,
    );

    const before = await snapshot();
    for (const caller of [company.owner, manager]) {
      const outcome = await settle(remove(caller, company.owner.uid));
      expect(describeOutcome(outcome)).toBe(
        `failed-precondition: ${INVITATION_MESSAGES.lastOwner}`,
      );
    }
    expect(changesSince(before, await snapshot())).toEqual([]);

    // With a second owner, the first may leave.
    const second = await addMember(company, 'owner');
    await remove(company.owner, company.owner.uid);
    expect((await profileData(company.owner.uid))?.company_id).toBeNull();
    expect((await profileData(second.uid))?.company_role).toBe('owner');
  });

  it('lets a manager remove; refuses buyers, viewers and other companies', async () => {
    const buyer = await addMember(company, 'buyer', ['main']);
    const viewer = await addMember(company, 'viewer');
    const other = await createCompany();
    const before = await snapshot();
    for (const [label, caller, expected] of [
      ['a viewer', viewer, `permission-denied: ${OWNERS_ONLY}`],
      ["another company's owner", other.owner, `not-found: ${MEMBER_NOT_FOUND}`],
    ] as const) {
      const outcome = await settle(remove(caller, buyer.uid));
      expect(describeOutcome(outcome), label).toBe(expected);
    }
    expect(describeOutcome(await settle(remove(buyer, viewer.uid)))).toBe(
      `permission-denied: ${OWNERS_ONLY}`,
    );
    expect(changesSince(before, await snapshot())).toEqual([]);
    await remove(manager, buyer.uid);
    expect((await profileData(buyer.uid))?.company_id).toBeNull();
    expect((await userOf(buyer.uid)).customClaims).toEqual({});
  });

  it.each([
    ['an unknown field', { uid: 'x', role: 'viewer' }],
    ['no uid', {}],
    ['a numeric uid', { uid: 7 }],
  ])('refuses %s with invalid-argument and writes nothing', async (_label, data) => {
    const before = await snapshot();
    const outcome = await settle(removeMemberHandler(await asUser(company.owner, data)));
    expect(describeOutcome(outcome)).toMatch(/^invalid-argument: /);
    expect(changesSince(before, await snapshot())).toEqual([]);
  });
});

describe('listCompanyMembers', () => {
  it('shows the owner every member (names, addresses, roles, locations) and the pending invitations', async () => {
    const buyer = await addMember(company, 'buyer', ['main']);
    const viewer = await addMember(company, 'viewer');
    const email = freshEmail();
    const { invitationId } = await inviteMemberHandler(
      await asUser(company.owner, { email, role: 'buyer', locationIds: ['north'] }),
    );
    const stale = await inviteMemberHandler(
      await asUser(company.owner, { email: freshEmail(), role: 'viewer' }),
    );
    await firestore()
      .doc(paths.invitation(stale.invitationId))
      .update({ expires_at: Timestamp.fromMillis(Date.now() - 1000) });

    const answer = await list(company.owner);
    expect(answer.members).toEqual([
      {
        uid: company.owner.uid,
        fullName: `Name ${company.owner.uid}`,
        email: company.owner.email,
        role: 'owner',
        locationIds: [],
      },
      {
        uid: buyer.uid,
        fullName: `Name ${buyer.uid}`,
        email: buyer.email,
        role: 'buyer',
        locationIds: ['main'],
      },
      {
        uid: viewer.uid,
        fullName: `Name ${viewer.uid}`,
        email: viewer.email,
        role: 'viewer',
        locationIds: [],
      },
    ]);
    expect(answer.invitations).toEqual([
      expect.objectContaining({
        invitationId,
        email,
        role: 'buyer',
        locationIds: ['north'],
        invitedBy: `Name ${company.owner.uid}`,
        expired: false,
      }),
      expect.objectContaining({ invitationId: stale.invitationId, expired: true }),
    ]);
    expect(Date.parse(answer.invitations[0]!.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('shows buyers and viewers the members, not the invitations', async () => {
    const buyer = await addMember(company, 'buyer', ['main']);
    const viewer = await addMember(company, 'viewer');
    await inviteMemberHandler(await asUser(company.owner, { email: freshEmail(), role: 'viewer' }));
    for (const member of [buyer, viewer]) {
      const answer = await list(member, { companyId: company.id });
      expect(answer.members.map((m) => m.uid).sort()).toEqual(
        [company.owner.uid, buyer.uid, viewer.uid].sort(),
      );
      expect(answer.invitations).toEqual([]);
    }
  });

  it('shows a manager any company they name', async () => {
    await inviteMemberHandler(await asUser(company.owner, { email: freshEmail(), role: 'viewer' }));
    const answer = await list(manager, { companyId: company.id });
    expect(answer.members.map((m) => m.uid)).toEqual([company.owner.uid]);
    expect(answer.invitations).toHaveLength(1);
    expect(describeOutcome(await settle(list(manager)))).toBe(
      `invalid-argument: ${CHOOSE_COMPANY}`,
    );
    expect(describeOutcome(await settle(list(manager, { companyId: 'no-such-company' })))).toBe(
      'not-found: Company not found.',
    );
  });

  it("refuses another company's members, someone in no company and an unapproved company", async () => {
    const other = await createCompany();
    const pending = await createCompany('pending');
    const lone = await createAccount('retailer', 'pending', { claims: null, noProfile: true });
    for (const [label, caller, data, expected] of [
      [
        "another company's owner",
        other.owner,
        { companyId: company.id },
        `permission-denied: ${NOT_YOUR_COMPANY}`,
      ],
      [
        'someone in no company',
        lone,
        {},
        'permission-denied: Your account is not approved for ordering.',
      ],
      [
        'the owner of a pending company',
        pending.owner,
        {},
        'permission-denied: Your account is not approved for ordering.',
      ],
    ] as const) {
      expect(describeOutcome(await settle(list(caller, data))), label).toBe(expected);
    }
    expect(
      describeOutcome(await settle(listCompanyMembersHandler({ data: {}, rawRequest: {} }))),
    ).toBe('unauthenticated: Sign in first.');
    expect(
      describeOutcome(await settle(list(company.owner, { companyId: company.id, extra: true }))),
    ).toMatch(/^invalid-argument: /);
  });
});
