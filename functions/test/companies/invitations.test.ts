import { createHash } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  COMPANY_LIMITS,
  INVITATION_MESSAGES,
  INVITATION_TOKEN_PATTERN,
  INVITATION_TTL_MS,
  mailKeys,
  OWNERS_ONLY,
  paths,
  RATE_LIMITS,
} from '@portal/domain';
import {
  acceptInvitationHandler,
  getInvitationHandler,
  inviteMemberHandler,
  resendInvitationHandler,
  revokeInvitationHandler,
} from '../../src/handlers/members';
import {
  ENTER_NAME_AND_PASSWORD,
  INVITATION_NOT_FOUND,
  invitationTokenHash,
} from '../../src/companies/invitations';
import {
  CHOOSE_COMPANY,
  CHOOSE_LOCATIONS,
  COMPANY_NOT_APPROVED,
} from '../../src/companies/members';
import { adminAuth, firestore } from '../../src/lib/admin';
import { log } from '../../src/lib/log';
import { createAccount, PASSWORD, signIn, type TestAccount } from '../accounts/support';
import { describeOutcome, settle } from '../support/call-outcome';
import {
  addMember,
  asUser,
  changesSince,
  createCompany,
  createLoneAccount,
  freshEmail,
  invitationDoc,
  mailOf,
  profileData,
  signedOut,
  snapshot,
  tokenOf,
  userOf,
  type TestCompany,
} from './support';

/**
 * Invitations (docs/companies.md#members-and-invitations): inviteMember, resendInvitation,
 * revokeInvitation, getInvitation and acceptInvitation, called as the Functions runtime calls
 * them (verified ID tokens, an IP), against the local stack.
 */

let manager: TestAccount;
let company: TestCompany;

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  manager = await createAccount('manager', 'approved');
});

// A company of each test's own: an owner invites at most CALLABLE_RATE_LIMITS.inviteMember's
// per-user window an hour.
beforeEach(async () => {
  company = await createCompany();
});

/** The owner of `on` invites `email` (a viewer unless said otherwise); returns the invitation id. */
async function invite(
  email: string,
  options: { role?: 'owner' | 'buyer' | 'viewer'; locationIds?: string[]; on?: TestCompany } = {},
): Promise<string> {
  const on = options.on ?? company;
  const { invitationId } = await inviteMemberHandler(
    await asUser(on.owner, {
      email,
      role: options.role ?? 'viewer',
      ...(options.locationIds ? { locationIds: options.locationIds } : {}),
    }),
  );
  return invitationId;
}

const accept = (token: string, extra: Record<string, unknown> = {}) =>
  acceptInvitationHandler(signedOut({ token, ...extra }));
const acceptAs = async (account: TestAccount, token: string, extra: Record<string, unknown> = {}) =>
  acceptInvitationHandler(await asUser(account, { token, ...extra }));
const preview = (token: string) => getInvitationHandler(signedOut({ token }));

/** Moves an invitation's expiry into the past. */
const expire = (id: string) =>
  firestore()
    .doc(paths.invitation(id))
    .update({ expires_at: Timestamp.fromMillis(Date.now() - 60_000) });

/** Makes `uid` a member of `companyId` with `role`, as an acceptance would have. */
async function makeMember(uid: string, on: TestCompany, role = 'buyer') {
  await firestore()
    .doc(paths.profile(uid))
    .set(
      {
        user_id: uid,
        full_name: `Name ${uid}`,
        role: 'retailer',
        status: 'approved',
        company_id: on.id,
        company_role: role,
        location_ids: role === 'buyer' ? ['main'] : [],
      },
      { merge: true },
    );
}

describe('inviteMember', () => {
  it('stores the invitation (the token only as its hash) and mails the link, in one go', async () => {
    const typed = ` ${freshEmail('Buyer').toUpperCase()} `;
    const email = typed.trim().toLowerCase();
    const before = Date.now();
    const id = await invite(typed, { role: 'buyer', locationIds: ['north', 'main', 'north'] });

    const stored = await invitationDoc(id);
    expect(stored).toMatchObject({
      company_id: company.id,
      company_name: `Store ${company.id}`,
      email,
      role: 'buyer',
      location_ids: ['north', 'main'],
      status: 'pending',
      invited_by: company.owner.uid,
      invited_by_name: `Name ${company.owner.uid}`,
      sent_count: 1,
    });
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.created_at).toBeInstanceOf(Timestamp);
    const expiresAt = (stored.expires_at as Timestamp).toMillis();
    expect(expiresAt).toBeGreaterThanOrEqual(before + INVITATION_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + INVITATION_TTL_MS);

    const mail = await mailOf(mailKeys.memberInvitation(id, 1));
    expect(mail?.to).toEqual([email]);
    expect(mail?.kind).toBe('member-invitation');
    expect(mail?.message.subject).toBe(`Join Store ${company.id} on our wholesale portal`);
    expect(mail?.message.text).toContain(`Name ${company.owner.uid} invited you to join`);
    expect(mail?.message.text).toContain('as Buyer: you will order for the locations assigned');
    expect(mail?.message.text).toContain('for 7 days');
    // The address is not proven: the mail expires with the link.
    expect(mail?.expires_at?.toMillis()).toBe(expiresAt);

    const token = await tokenOf(id);
    expect(token).toMatch(INVITATION_TOKEN_PATTERN);
    expect(mail?.message.text).toContain(`/join?token=${token}`);
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('gives owners and viewers no locations, whatever was sent', async () => {
    const id = await invite(freshEmail(), { role: 'owner', locationIds: ['main'] });
    expect((await invitationDoc(id)).location_ids).toEqual([]);
  });

  it('lets a manager invite to a company they name, and asks them to name one', async () => {
    const email = freshEmail();
    const { invitationId } = await inviteMemberHandler(
      await asUser(manager, { companyId: company.id, email, role: 'viewer' }),
    );
    expect(await invitationDoc(invitationId)).toMatchObject({
      company_id: company.id,
      invited_by: manager.uid,
      invited_by_name: `Name ${manager.uid}`,
    });
    const outcome = await settle(
      inviteMemberHandler(await asUser(manager, { email: freshEmail(), role: 'viewer' })),
    );
    expect(describeOutcome(outcome)).toBe(`invalid-argument: ${CHOOSE_COMPANY}`);
    const unknown = await settle(
      inviteMemberHandler(
        await asUser(manager, {
          companyId: 'no-such-company',
          email: freshEmail(),
          role: 'viewer',
        }),
      ),
    );
    expect(describeOutcome(unknown)).toBe('not-found: Company not found.');
  });

  it("refuses a buyer's locations that are not the company's working ones", async () => {
    const other = await createCompany();
    for (const locationIds of [[], ['closed'], ['nowhere'], ['main', 'closed']]) {
      const outcome = await settle(
        inviteMemberHandler(
          await asUser(company.owner, { email: freshEmail(), role: 'buyer', locationIds }),
        ),
      );
      expect(describeOutcome(outcome), JSON.stringify(locationIds)).toBe(
        `invalid-argument: ${CHOOSE_LOCATIONS}`,
      );
    }
    // A location of another company is not one of this company's.
    await firestore()
      .doc(paths.location(other.id, 'elsewhere'))
      .set({ name: 'Elsewhere', ship_to: {}, delivery_notes: '', archived: false });
    const outcome = await settle(
      inviteMemberHandler(
        await asUser(company.owner, {
          email: freshEmail(),
          role: 'buyer',
          locationIds: ['elsewhere'],
        }),
      ),
    );
    expect(describeOutcome(outcome)).toBe(`invalid-argument: ${CHOOSE_LOCATIONS}`);
  });

  it('refuses buyers, viewers, other companies and signed-out callers, writing nothing', async () => {
    const buyer = await addMember(company, 'buyer', ['main']);
    const viewer = await addMember(company, 'viewer');
    const other = await createCompany();
    const lone = await createLoneAccount();
    const email = freshEmail();
    const before = await snapshot();
    for (const [who, request, expected] of [
      [
        'buyer',
        await asUser(buyer, { email, role: 'viewer' }),
        `permission-denied: ${OWNERS_ONLY}`,
      ],
      [
        'viewer',
        await asUser(viewer, { email, role: 'viewer' }),
        `permission-denied: ${OWNERS_ONLY}`,
      ],
      [
        "another company's owner",
        await asUser(other.owner, { companyId: company.id, email, role: 'owner' }),
        `permission-denied: ${OWNERS_ONLY}`,
      ],
      [
        'someone in no company',
        await asUser(lone, { email, role: 'viewer' }),
        'permission-denied: Your account is not approved for ordering.',
      ],
      ['signed out', signedOut({ email, role: 'viewer' }), 'unauthenticated: Sign in first.'],
    ] as const) {
      const outcome = await settle(inviteMemberHandler(request));
      expect(describeOutcome(outcome), who).toBe(expected);
    }
    expect(changesSince(before, await snapshot())).toEqual([]);
  });

  it('refuses a company that is not approved', async () => {
    const pending = await createCompany('pending');
    const outcome = await settle(
      inviteMemberHandler(await asUser(pending.owner, { email: freshEmail(), role: 'viewer' })),
    );
    expect(describeOutcome(outcome)).toBe(`failed-precondition: ${COMPANY_NOT_APPROVED}`);
    const byManager = await settle(
      inviteMemberHandler(
        await asUser(manager, { companyId: pending.id, email: freshEmail(), role: 'viewer' }),
      ),
    );
    expect(describeOutcome(byManager)).toBe(`failed-precondition: ${COMPANY_NOT_APPROVED}`);
  });

  it('refuses a member, another company, an applicant, a manager and a second invitation, each in its words', async () => {
    const member = await addMember(company, 'viewer');
    const otherOwner = (await createCompany()).owner;
    const applicant = await createAccount('retailer', 'pending');
    const invited = freshEmail();
    await invite(invited);
    const cases = [
      ['a member of this company', member.email, INVITATION_MESSAGES.alreadyMember],
      ["another company's owner", otherOwner.email, INVITATION_MESSAGES.otherCompany],
      ['a pending applicant', applicant.email, INVITATION_MESSAGES.otherCompany],
      ['a manager', manager.email, INVITATION_MESSAGES.manager],
      ['an address invited already', invited, INVITATION_MESSAGES.alreadyInvited],
      ['the same, spelled in capitals', invited.toUpperCase(), INVITATION_MESSAGES.alreadyInvited],
      ['the owner themselves', company.owner.email, INVITATION_MESSAGES.alreadyMember],
    ] as const;
    const before = await snapshot();
    for (const [label, email, message] of cases) {
      const outcome = await settle(
        inviteMemberHandler(await asUser(company.owner, { email, role: 'viewer' })),
      );
      expect(describeOutcome(outcome), label).toBe(`failed-precondition: ${message}`);
    }
    expect(changesSince(before, await snapshot())).toEqual([]);
  });

  it('invites an address again once its invitation expired, withdrawing the old one', async () => {
    const email = freshEmail();
    const first = await invite(email);
    await expire(first);
    const second = await invite(email);
    expect(second).not.toBe(first);
    expect(await invitationDoc(first)).toMatchObject({
      status: 'revoked',
      revoked_by: company.owner.uid,
    });
    expect((await invitationDoc(second)).status).toBe('pending');
  });

  it('refuses more members and working invitations than COMPANY_LIMITS.members', async () => {
    const full = await createCompany();
    const db = firestore();
    const batch = db.batch();
    // One member (the owner) and limit - 1 working invitations; one expired, which does not count.
    for (let i = 0; i < COMPANY_LIMITS.members; i++) {
      batch.set(db.collection(COLLECTIONS.invitations).doc(), {
        company_id: full.id,
        company_name: 'Full',
        email: `filler-${i}@full.test`,
        role: 'viewer',
        location_ids: [],
        token_hash: invitationTokenHash(`filler-${full.id}-${i}`),
        status: 'pending',
        invited_by: full.owner.uid,
        invited_by_name: 'Owner',
        created_at: Timestamp.now(),
        expires_at: Timestamp.fromMillis(Date.now() + (i === 0 ? -1000 : INVITATION_TTL_MS)),
        sent_count: 1,
      });
    }
    await batch.commit();
    const outcome = await settle(
      inviteMemberHandler(await asUser(full.owner, { email: freshEmail(), role: 'viewer' })),
    );
    expect(describeOutcome(outcome)).toBe(`failed-precondition: ${INVITATION_MESSAGES.tooMany}`);
  });

  it('counts the invitations to one inbox, however it is spelled', async () => {
    const other = await createCompany();
    const base = `inbox${Date.now()}`;
    const owners = [company, other];
    for (let i = 0; i < RATE_LIMITS.invitationPerEmail.max; i++) {
      // Each spelling is its own address (its own invitation), the same inbox.
      const id = await invite(`${base}+${i}@gmail.com`, { on: owners[i % 2]! });
      expect(id).toBeTruthy();
    }
    const outcome = await settle(
      inviteMemberHandler(
        await asUser(company.owner, { email: `${base}@gmail.com`, role: 'viewer' }),
      ),
    );
    expect(describeOutcome(outcome)).toBe(
      'resource-exhausted: Too many requests. Try again later.',
    );
  });

  it.each([
    ['an unknown field', { email: 'a@b.test', role: 'viewer', admin: true }],
    ['a bad address', { email: 'not an address', role: 'viewer' }],
    ['a bad role', { email: 'a@b.test', role: 'manager' }],
    ['no role', { email: 'a@b.test' }],
    ['a location id with a slash', { email: 'a@b.test', role: 'buyer', locationIds: ['a/b'] }],
  ])('refuses %s with invalid-argument and writes nothing', async (_label, data) => {
    const before = await snapshot();
    const outcome = await settle(inviteMemberHandler(await asUser(company.owner, data)));
    expect(describeOutcome(outcome)).toMatch(/^invalid-argument: /);
    expect(changesSince(before, await snapshot())).toEqual([]);
  });
});

describe('getInvitation', () => {
  it('shows what a working link invites to, signed out', async () => {
    const lone = await createLoneAccount();
    const id = await invite(lone.email, { role: 'buyer', locationIds: ['main'] });
    const answer = await preview(await tokenOf(id));
    const stored = await invitationDoc(id);
    expect(answer).toEqual({
      companyName: `Store ${company.id}`,
      role: 'buyer',
      email: lone.email,
      invitedBy: `Name ${company.owner.uid}`,
      expiresAt: (stored.expires_at as Timestamp).toDate().toISOString(),
      accountExists: true,
    });
    const fresh = await invite(freshEmail());
    expect((await preview(await tokenOf(fresh))).accountExists).toBe(false);
  });

  it('refuses a tampered, used, withdrawn or expired link, each in its words, changing nothing', async () => {
    const tampered = 'A'.repeat(43);
    const malformed = 'not-a-token';
    const used = await invite(freshEmail());
    await accept(await tokenOf(used), { fullName: 'Una Used', password: PASSWORD });
    const revoked = await invite(freshEmail());
    await revokeInvitationHandler(await asUser(company.owner, { invitationId: revoked }));
    const expired = await invite(freshEmail());
    await expire(expired);
    const cases = [
      ['tampered', tampered, `not-found: ${INVITATION_MESSAGES.notFound}`],
      ['malformed', malformed, `invalid-argument: token: ${INVITATION_MESSAGES.notFound}`],
      ['used', await tokenOf(used), `failed-precondition: ${INVITATION_MESSAGES.used}`],
      ['revoked', await tokenOf(revoked), `failed-precondition: ${INVITATION_MESSAGES.revoked}`],
      ['expired', await tokenOf(expired), `failed-precondition: ${INVITATION_MESSAGES.expired}`],
    ] as const;
    const before = await snapshot();
    for (const [label, token, expected] of cases) {
      expect(describeOutcome(await settle(preview(token))), label).toBe(expected);
    }
    expect(changesSince(before, await snapshot())).toEqual([]);
  });

  it('is limited per IP', async () => {
    const ip = '198.51.100.77';
    const call = () =>
      getInvitationHandler({ data: { token: 'B'.repeat(43) }, rawRequest: { ip } });
    for (let i = 0; i < RATE_LIMITS.invitationLookupPerIp.max; i++) {
      expect(describeOutcome(await settle(call()))).toMatch(/^not-found/);
    }
    expect(describeOutcome(await settle(call()))).toBe(
      'resource-exhausted: Too many requests. Try again later.',
    );
  });
});

describe('acceptInvitation signed out: a new account', () => {
  it('creates the verified account, its profile and claims, marks the invitation and mails the owner', async () => {
    const email = freshEmail('joiner');
    const id = await invite(email, { role: 'buyer', locationIds: ['main'] });
    const token = await tokenOf(id);
    const answer = await accept(token, { fullName: 'Jo Joiner', password: PASSWORD });
    expect(answer).toEqual({
      companyId: company.id,
      companyName: `Store ${company.id}`,
      role: 'buyer',
      accountCreated: true,
    });

    const user = await adminAuth().getUserByEmail(email);
    expect(user).toMatchObject({ email, displayName: 'Jo Joiner', emailVerified: true });
    expect(user.customClaims).toEqual({
      role: 'retailer',
      status: 'approved',
      company: company.id,
      company_role: 'buyer',
    });
    // The password works: the page signs in with it next.
    expect(await signIn(email)).toBeTruthy();

    expect(await profileData(user.uid)).toMatchObject({
      user_id: user.uid,
      full_name: 'Jo Joiner',
      email_verified: true,
      store_name: `Store ${company.id}`,
      seller_permit_id: 'SR-TEST-0001',
      role: 'retailer',
      status: 'approved',
      company_id: company.id,
      company_role: 'buyer',
      location_ids: ['main'],
    });
    const stored = await invitationDoc(id);
    expect(stored).toMatchObject({ status: 'accepted', accepted_by: user.uid });
    expect(stored.accepted_at).toBeInstanceOf(Timestamp);

    const mail = await mailOf(mailKeys.invitationAccepted(id, company.owner.uid));
    expect(mail?.to).toEqual([company.owner.email]);
    expect(mail?.message.subject).toBe(`Jo Joiner joined Store ${company.id}`);
    expect(mail?.message.text).toContain(`Email: ${email}`);
    expect(mail?.message.text).toContain('Role: Buyer: orders for the locations you assign');

    const audit = await firestore()
      .collection(COLLECTIONS.auditLog)
      .where('target', '==', user.uid)
      .get();
    expect(audit.docs.map((doc) => doc.data())).toMatchObject([
      {
        action: 'company.member_joined',
        actor: user.uid,
        company: company.id,
        from: null,
        to: 'buyer',
        invitation: id,
      },
    ]);
  });

  it('asks for a name and a password, and creates nothing without them', async () => {
    const id = await invite(freshEmail());
    const token = await tokenOf(id);
    const before = await snapshot();
    for (const extra of [{}, { fullName: 'No Password' }, { password: PASSWORD }]) {
      const outcome = await settle(accept(token, extra));
      expect(describeOutcome(outcome), JSON.stringify(extra)).toBe(
        `invalid-argument: ${ENTER_NAME_AND_PASSWORD}`,
      );
    }
    expect(changesSince(before, await snapshot())).toEqual([]);
  });

  it('sends an address that has an account to sign in first, creating nothing', async () => {
    const lone = await createLoneAccount();
    const id = await invite(lone.email);
    const before = await snapshot();
    const outcome = await settle(
      accept(await tokenOf(id), { fullName: 'Someone Else', password: 'another-password-1' }),
    );
    expect(describeOutcome(outcome)).toBe(
      `failed-precondition: ${INVITATION_MESSAGES.accountExists}`,
    );
    expect(changesSince(before, await snapshot())).toEqual([]);
  });

  it('deletes the account it created when the membership cannot be written', async () => {
    const email = freshEmail('orphan');
    const id = await invite(email);
    const token = await tokenOf(id);
    // The company is rejected between the checks and the transaction: the transaction refuses.
    const spy = vi.spyOn(adminAuth(), 'createUser').mockImplementationOnce(async (properties) => {
      spy.mockRestore();
      const user = await adminAuth().createUser(properties);
      await firestore().doc(paths.company(company.id)).update({ status: 'rejected' });
      return user;
    });
    try {
      const outcome = await settle(accept(token, { fullName: 'Orphan Not', password: PASSWORD }));
      expect(describeOutcome(outcome)).toBe(`failed-precondition: ${COMPANY_NOT_APPROVED}`);
    } finally {
      await firestore().doc(paths.company(company.id)).update({ status: 'approved' });
    }
    await expect(adminAuth().getUserByEmail(email)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect((await invitationDoc(id)).status).toBe('pending');
    // The link still works afterwards.
    const answer = await accept(token, { fullName: 'Orphan Not', password: PASSWORD });
    expect(answer.accountCreated).toBe(true);
  });
});

describe('acceptInvitation signed in', () => {
  it('adds an account without a company, verifying its address', async () => {
    const lone = await createAccount('retailer', 'pending', {
      claims: { beta: true },
      noProfile: true,
      emailVerified: false,
    });
    const id = await invite(lone.email, { role: 'viewer' });
    const answer = await acceptAs(lone, await tokenOf(id));
    expect(answer).toEqual({
      companyId: company.id,
      companyName: `Store ${company.id}`,
      role: 'viewer',
      accountCreated: false,
    });
    const user = await userOf(lone.uid);
    expect(user.emailVerified).toBe(true);
    expect(user.customClaims).toEqual({
      beta: true,
      role: 'retailer',
      status: 'approved',
      company: company.id,
      company_role: 'viewer',
    });
    expect(await profileData(lone.uid)).toMatchObject({
      user_id: lone.uid,
      full_name: `Name ${lone.uid}`,
      email_verified: true,
      company_id: company.id,
      company_role: 'viewer',
      location_ids: [],
      status: 'approved',
    });
    expect((await invitationDoc(id)).accepted_by).toBe(lone.uid);
  });

  it('brings a person removed from a company back into one, keeping the person', async () => {
    const lone = await createLoneAccount();
    await firestore()
      .doc(paths.profile(lone.uid))
      .set({
        user_id: lone.uid,
        full_name: 'Rae Returning',
        created_at: Timestamp.fromMillis(1_700_000_000_000),
        role: 'retailer',
        status: 'approved',
        company_id: null,
        company_role: null,
        location_ids: [],
      });
    const id = await invite(lone.email, { role: 'owner' });
    await acceptAs(lone, await tokenOf(id));
    const profile = await profileData(lone.uid);
    expect(profile).toMatchObject({
      full_name: 'Rae Returning',
      company_id: company.id,
      company_role: 'owner',
    });
    expect((profile?.created_at as Timestamp).toMillis()).toBe(1_700_000_000_000);
  });

  it('answers the member who accepted again the same, and nobody else', async () => {
    const lone = await createLoneAccount();
    const id = await invite(lone.email);
    const token = await tokenOf(id);
    const first = await acceptAs(lone, token);
    const before = await snapshot();
    expect(await acceptAs(lone, token)).toEqual(first);
    expect(changesSince(before, await snapshot())).toEqual([]);
    const other = await createLoneAccount();
    expect(describeOutcome(await settle(acceptAs(other, token)))).toBe(
      `failed-precondition: ${INVITATION_MESSAGES.used}`,
    );
  });

  it('sets the claims again on a retry when they were lost after the commit', async () => {
    const lone = await createLoneAccount();
    const id = await invite(lone.email);
    const token = await tokenOf(id);
    await acceptAs(lone, token);
    await adminAuth().setCustomUserClaims(lone.uid, null);
    await acceptAs(lone, token);
    expect((await userOf(lone.uid)).customClaims).toMatchObject({
      company: company.id,
      company_role: 'viewer',
    });
  });

  it('refuses another address, a member, another company and a manager, changing nothing', async () => {
    const stranger = await createLoneAccount();
    const invitee = await createLoneAccount();
    const forStranger = await tokenOf(await invite(invitee.email));

    // Each invited while free; by the time they accept, they are not.
    const nowMember = await createLoneAccount();
    const memberToken = await tokenOf(await invite(nowMember.email));
    await makeMember(nowMember.uid, company);
    const nowElsewhere = await createLoneAccount();
    const elsewhereToken = await tokenOf(await invite(nowElsewhere.email));
    await makeMember(nowElsewhere.uid, await createCompany());
    const nowManager = await createLoneAccount();
    const managerToken = await tokenOf(await invite(nowManager.email));
    await adminAuth().setCustomUserClaims(nowManager.uid, { role: 'manager', status: 'approved' });

    const cases = [
      [
        'another address',
        stranger,
        forStranger,
        `permission-denied: ${INVITATION_MESSAGES.otherAddress}`,
      ],
      [
        'a member already',
        nowMember,
        memberToken,
        `failed-precondition: ${INVITATION_MESSAGES.alreadyMember}`,
      ],
      [
        'in another company',
        nowElsewhere,
        elsewhereToken,
        `failed-precondition: ${INVITATION_MESSAGES.otherCompany}`,
      ],
      [
        'a manager',
        nowManager,
        managerToken,
        `failed-precondition: ${INVITATION_MESSAGES.manager}`,
      ],
    ] as const;
    const requests = await Promise.all(
      cases.map(async ([, account, token]) => asUser(account, { token })),
    );
    const before = await snapshot();
    for (const [i, [label, , , expected]] of cases.entries()) {
      const outcome = await settle(acceptInvitationHandler(requests[i]!));
      expect(describeOutcome(outcome), label).toBe(expected);
    }
    expect(changesSince(before, await snapshot())).toEqual([]);
  });
});

describe('the acceptance criterion: bad invitation input, each a clear message, nothing changed', () => {
  it('expired, reused, tampered, an already-member address, an address of another company', async () => {
    const expired = await invite(freshEmail());
    await expire(expired);
    const reused = await invite(freshEmail());
    await accept(await tokenOf(reused), { fullName: 'First Comer', password: PASSWORD });
    const tampered = await tokenOf(await invite(freshEmail()));
    const tamperedToken = `${tampered.slice(0, 42)}${tampered.endsWith('A') ? 'B' : 'A'}`;
    const member = await addMember(company, 'buyer', ['main']);
    const elsewhere = (await createCompany()).owner;
    const byMember = await createLoneAccount();
    const memberToken = await tokenOf(await invite(byMember.email));
    await makeMember(byMember.uid, company);
    const newPerson = { fullName: 'New Person', password: PASSWORD };

    const before = await snapshot();
    const attempts: Array<[string, () => Promise<unknown>, string]> = [
      [
        'an expired link',
        async () => accept(await tokenOf(expired), newPerson),
        `failed-precondition: ${INVITATION_MESSAGES.expired}`,
      ],
      [
        'a used link, signed out',
        async () => accept(await tokenOf(reused), newPerson),
        `failed-precondition: ${INVITATION_MESSAGES.used}`,
      ],
      [
        'a tampered link',
        async () => accept(tamperedToken, newPerson),
        `not-found: ${INVITATION_MESSAGES.notFound}`,
      ],
      [
        "inviting a member's address",
        async () =>
          inviteMemberHandler(await asUser(company.owner, { email: member.email, role: 'viewer' })),
        `failed-precondition: ${INVITATION_MESSAGES.alreadyMember}`,
      ],
      [
        'accepting as a member already',
        async () => acceptAs(byMember, memberToken),
        `failed-precondition: ${INVITATION_MESSAGES.alreadyMember}`,
      ],
      [
        "inviting another company's address",
        async () =>
          inviteMemberHandler(
            await asUser(company.owner, { email: elsewhere.email, role: 'viewer' }),
          ),
        `failed-precondition: ${INVITATION_MESSAGES.otherCompany}`,
      ],
    ];
    for (const [label, attempt, expected] of attempts) {
      expect(describeOutcome(await settle(attempt())), label).toBe(expected);
    }
    expect(changesSince(before, await snapshot())).toEqual([]);
  });
});

describe('revokeInvitation and resendInvitation', () => {
  it('revokes: the link then answers "withdrawn", and accepting it changes nothing', async () => {
    const id = await invite(freshEmail());
    const token = await tokenOf(id);
    expect(
      await revokeInvitationHandler(await asUser(company.owner, { invitationId: id })),
    ).toEqual({ invitationId: id });
    expect(await invitationDoc(id)).toMatchObject({
      status: 'revoked',
      revoked_by: company.owner.uid,
    });
    const before = await snapshot();
    expect(
      describeOutcome(await settle(accept(token, { fullName: 'Too Late', password: PASSWORD }))),
    ).toBe(`failed-precondition: ${INVITATION_MESSAGES.revoked}`);
    expect(changesSince(before, await snapshot())).toEqual([]);
    // Again: nothing more to do.
    await revokeInvitationHandler(await asUser(company.owner, { invitationId: id }));
    // Resending a withdrawn invitation is refused.
    expect(
      describeOutcome(
        await settle(resendInvitationHandler(await asUser(company.owner, { invitationId: id }))),
      ),
    ).toBe('failed-precondition: This invitation was withdrawn.');
  });

  it('refuses to revoke or resend an accepted invitation', async () => {
    const id = await invite(freshEmail());
    await accept(await tokenOf(id), { fullName: 'Al Accepted', password: PASSWORD });
    for (const handler of [revokeInvitationHandler, resendInvitationHandler]) {
      const outcome = await settle(handler(await asUser(company.owner, { invitationId: id })));
      expect(describeOutcome(outcome)).toMatch(
        /^failed-precondition: This invitation was already accepted\./,
      );
    }
  });

  it('resends with a new link: the old one stops working, the new one works for 7 days', async () => {
    const email = freshEmail();
    const id = await invite(email);
    const oldToken = await tokenOf(id);
    await expire(id);
    const before = Date.now();
    expect(
      await resendInvitationHandler(await asUser(company.owner, { invitationId: id })),
    ).toEqual({ invitationId: id });
    const stored = await invitationDoc(id);
    expect(stored).toMatchObject({ status: 'pending', sent_count: 2 });
    expect((stored.expires_at as Timestamp).toMillis()).toBeGreaterThanOrEqual(
      before + INVITATION_TTL_MS,
    );
    const newToken = await tokenOf(id, 2);
    expect(newToken).not.toBe(oldToken);
    expect(stored.token_hash).toBe(invitationTokenHash(newToken));
    expect((await mailOf(mailKeys.memberInvitation(id, 2)))?.to).toEqual([email]);

    expect(describeOutcome(await settle(preview(oldToken)))).toBe(
      `not-found: ${INVITATION_MESSAGES.notFound}`,
    );
    const answer = await accept(newToken, { fullName: 'Re Sent', password: PASSWORD });
    expect(answer.accountCreated).toBe(true);
  });

  it('lets a manager revoke and resend, refuses buyers (permission-denied) and other companies (not-found)', async () => {
    const id = await invite(freshEmail());
    const buyer = await addMember(company, 'buyer', ['main']);
    const other = await createCompany();
    const before = await snapshot();
    for (const handler of [revokeInvitationHandler, resendInvitationHandler]) {
      expect(
        describeOutcome(await settle(handler(await asUser(buyer, { invitationId: id })))),
      ).toBe(`permission-denied: ${OWNERS_ONLY}`);
      expect(
        describeOutcome(await settle(handler(await asUser(other.owner, { invitationId: id })))),
      ).toBe(`not-found: ${INVITATION_NOT_FOUND}`);
      expect(
        describeOutcome(
          await settle(
            handler(await asUser(company.owner, { invitationId: 'no-such-invitation' })),
          ),
        ),
      ).toBe(`not-found: ${INVITATION_NOT_FOUND}`);
    }
    expect(changesSince(before, await snapshot())).toEqual([]);
    await resendInvitationHandler(await asUser(manager, { invitationId: id }));
    expect((await invitationDoc(id)).sent_count).toBe(2);
    await revokeInvitationHandler(await asUser(manager, { invitationId: id }));
    expect((await invitationDoc(id)).status).toBe('revoked');
  });
});
