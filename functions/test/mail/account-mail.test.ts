import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Timestamp } from 'firebase-admin/firestore';
import { Timestamp as TimestampValue } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  mailKeys,
  paths,
  RATE_LIMITS,
  UNVERIFIED_APPLICANT_TTL_MS,
} from '@portal/domain';
import { requestPasswordReset } from '../../src/accounts/password-reset';
import {
  requestPasswordResetHandler,
  resendVerificationEmailHandler,
  syncEmailVerificationHandler,
} from '../../src/handlers/account-mail';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import { submitApplicationHandler } from '../../src/handlers/submit-application';
import { adminAuth, firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { log } from '../../src/lib/log';
import { callableRateWindows, rateLimitId } from '../../src/lib/rate-limit';
import { deliverMail } from '../../src/mail/outbox';
import { linkIn } from '../../../scripts/lib/maildev';
import {
  claimsOf,
  createAccount,
  PASSWORD,
  profileOf,
  requestAs,
  type TestAccount,
} from '../accounts/support';
import { mailDoc, mailKeysStartingWith, startTestMailDev, testSender } from './support';

let maildev: Awaited<ReturnType<typeof startTestMailDev>>;
let manager: TestAccount;
const ctx = () => createContext();
/** A callable request from an IP of its own (rate limits are per IP). */
const fromIp = (
  data: unknown,
  ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) => ({
  data,
  rawRequest: { ip },
});

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  maildev = await startTestMailDev();
  manager = await createAccount('manager', 'approved');
});
afterAll(async () => {
  await maildev?.stop();
});

/** Delivers the outbox messages with these keys to the test MailDev. */
async function deliver(...keys: string[]) {
  const sender = testSender(maildev.ports.smtp);
  for (const key of keys) expect(await deliverMail(sender, key)).toBe('sent');
}

const profileExists = async (uid: string) =>
  (await firestore().doc(paths.profile(uid)).get()).exists;
const expiryOf = async (key: string) =>
  ((await mailDoc(key)) as Record<string, unknown> | null)?.expires_at;

/** A new account as the web's sign-up leaves it: an Auth user, unverified, no claims, no profile. */
const newAccount = () =>
  createAccount('retailer', 'pending', { claims: null, emailVerified: false, noProfile: true });

const APPLICATION = {
  fullName: 'Ada Applicant',
  storeName: 'Visit https://evil.test/login',
  sellerPermitId: 'SP-123456',
  businessType: 'retailer',
} as const;

/** submitApplication as the account, from an IP of its own (the per-IP window is not shared). */
const apply = async (account: TestAccount, data: unknown = APPLICATION) =>
  submitApplicationHandler({ ...(await requestAs(account, data)), ...fromIp(data) });

describe('a new application', () => {
  it("writes the pending profile and mails the unverified address a verification link with none of the applicant's words", async () => {
    const applicant = await newAccount();
    expect(await apply(applicant)).toEqual({ accepted: true });
    const profile = await profileOf(applicant.uid);
    expect(profile).toMatchObject({
      user_id: applicant.uid,
      full_name: 'Ada Applicant',
      store_name: 'Visit https://evil.test/login',
      seller_permit_id: 'SP-123456',
      role: 'retailer',
      status: 'pending',
      email_verified: false,
    });
    // Until verified, the profile expires (the TTL policy on profiles.expires_at).
    const expires = (profile.expires_at as Timestamp).toMillis();
    expect(expires - Date.now()).toBeGreaterThan(UNVERIFIED_APPLICANT_TTL_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(UNVERIFIED_APPLICANT_TTL_MS);

    const toApplicant = mailKeys.applicationReceived(applicant.uid);
    expect(await expiryOf(toApplicant)).toBeDefined();
    // The managers hear of it only once the address is verified.
    expect(await mailDoc(mailKeys.newApplication(applicant.uid, manager.uid))).toBeNull();

    await deliver(toApplicant);
    const received = await maildev.client.waitFor(applicant.email);
    expect(received.subject).toBe('We received your application');
    expect(received.text).toContain('Hello,');
    for (const words of ['evil.test', 'Ada', 'SP-123456']) {
      expect(received.text).not.toContain(words);
      expect(received.html).not.toContain(words);
    }
    const verify = linkIn(
      received.text,
      `${process.env.WEB_ORIGIN}/auth/action?mode=verifyEmail&oobCode=`,
    );
    expect(new URL(verify).searchParams.get('oobCode')).toBeTruthy();
  });

  it('mails every manager once the address is verified, and the profile stops expiring', async () => {
    const applicant = await newAccount();
    await apply(applicant, { ...APPLICATION, storeName: `Store ${applicant.uid}` });
    // Syncing before the address is verified: still nothing for the managers.
    await syncEmailVerificationHandler(fromIp({ email: applicant.email }));
    expect(await mailDoc(mailKeys.newApplication(applicant.uid, manager.uid))).toBeNull();

    await adminAuth().updateUser(applicant.uid, { emailVerified: true });
    await syncEmailVerificationHandler(fromIp({ email: applicant.email }));
    const profile = await profileOf(applicant.uid);
    expect(profile.email_verified).toBe(true);
    expect(profile.expires_at).toBeUndefined();
    // Synced again (the page reloaded): no second mail, nothing changes.
    await syncEmailVerificationHandler(fromIp({ email: applicant.email }));

    const toManager = mailKeys.newApplication(applicant.uid, manager.uid);
    expect(await expiryOf(toManager)).toBeUndefined();
    await deliver(toManager);
    const note = await maildev.client.waitFor(manager.email, (m) =>
      m.subject.includes(`Store ${applicant.uid}`),
    );
    expect(note.subject).toBe(`New application: Store ${applicant.uid}`);
    expect(note.text).toContain(`${process.env.WEB_ORIGIN}/admin?tab=companies`);
    expect(note.text).toContain(`Email: ${applicant.email}`);
  });

  it('refuses names with control or bidi characters, a second application and a reviewed account, and writes nothing', async () => {
    const applicant = await newAccount();
    for (const [field, value] of [
      ['storeName', 'Shop \u202egnp.exe'],
      ['fullName', 'Ada\u2066'],
      ['storeName', 'Shop\r\nBcc: evil@inject.test'],
    ] as const) {
      await expect(apply(applicant, { ...APPLICATION, [field]: value })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: expect.stringContaining('cannot contain special characters'),
      });
    }
    expect(await profileExists(applicant.uid)).toBe(false);
    expect(await mailDoc(mailKeys.applicationReceived(applicant.uid))).toBeNull();

    await apply(applicant);
    await expect(apply(applicant)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'This account has already applied.',
    });
    const reviewed = await createAccount('retailer', 'approved', { noProfile: true });
    await expect(apply(reviewed)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(submitApplicationHandler({ data: APPLICATION })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('limits applications per address (normalised) and per IP, counting and writing nothing over them', async () => {
    const ip = `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const email = `limit-${randomUUID().slice(0, 8)}@accounts.test`;
    const applyFrom = async (account: TestAccount, from: string) =>
      submitApplicationHandler({
        ...(await requestAs(account, APPLICATION)),
        rawRequest: { ip: from },
      });
    // The same address, typed differently, applies from new accounts (each deleted after).
    for (let i = 0; i < RATE_LIMITS.applicationPerEmail.max; i++) {
      const account = await newAccountWithEmail(i % 2 ? email.toUpperCase() : email);
      expect(await applyFrom(account, `10.6.0.${i}`)).toEqual({ accepted: true });
      await adminAuth().deleteUser(account.uid);
    }
    const again = await newAccountWithEmail(` ${email.toUpperCase()}`.trim());
    await expect(applyFrom(again, '10.6.1.1')).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: 'Too many requests. Try again later.',
    });
    expect(await profileExists(again.uid)).toBe(false);
    expect(await mailDoc(mailKeys.applicationReceived(again.uid))).toBeNull();

    // One IP: full after its limit, whatever the addresses.
    const ipWindow = firestore()
      .collection(COLLECTIONS.rateLimits)
      .doc(rateLimitId('application-ip', ip));
    await ipWindow.set({
      window_start: TimestampValue.now(),
      count: RATE_LIMITS.applicationPerIp.max,
      expires_at: TimestampValue.fromMillis(Date.now() + RATE_LIMITS.applicationPerIp.windowMs),
    });
    const fresh = await newAccount();
    await expect(applyFrom(fresh, ip)).rejects.toMatchObject({ code: 'resource-exhausted' });
    expect(await profileExists(fresh.uid)).toBe(false);
    expect((await ipWindow.get()).get('count')).toBe(RATE_LIMITS.applicationPerIp.max);
  });

  it('a store name written with a header injection (before the refusal) adds no header and no recipient', async () => {
    const applicant = await createAccount('retailer', 'pending', { emailVerified: false });
    const storeName = 'Evil Shop\r\nBcc: evil@inject.test\r\nX-Extra: 1';
    await firestore().doc(paths.profile(applicant.uid)).update({ store_name: storeName });
    await adminAuth().updateUser(applicant.uid, { emailVerified: true });
    await syncEmailVerificationHandler(fromIp({ email: applicant.email }));
    await deliver(mailKeys.newApplication(applicant.uid, manager.uid));
    const note = await maildev.client.waitFor(manager.email, (m) =>
      m.subject.startsWith('New application: Evil Shop'),
    );
    expect(note.subject).toBe('New application: Evil Shop Bcc: evil@inject.test X-Extra: 1');
    expect(note.headers['x-extra']).toBeUndefined();
    expect(note.to.map((to) => to.address)).toEqual([manager.email]);
    expect(await maildev.client.to('evil@inject.test')).toEqual([]);
  });
});

/** An Auth user with this address (as sign-up makes it), no profile. */
async function newAccountWithEmail(email: string): Promise<TestAccount> {
  const uid = `acct-limit-${randomUUID().slice(0, 8)}`;
  await adminAuth().createUser({ uid, email, password: PASSWORD, emailVerified: false });
  return { uid, email: email.toLowerCase() };
}

describe('approval and rejection mails', () => {
  it('refuses to approve an unverified applicant unless the manager confirms, and changes nothing', async () => {
    const applicant = await createAccount('retailer', 'pending', {
      claims: null,
      emailVerified: false,
    });
    await expect(
      setProfileStatusHandler(await requestAs(manager, { uid: applicant.uid, status: 'approved' })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'The applicant has not verified their email address.',
    });
    expect((await profileOf(applicant.uid)).status).toBe('pending');
    expect(await claimsOf(applicant.uid)).toBeUndefined();
    // As submitApplication left it: unverified, so expiring.
    await firestore()
      .doc(paths.profile(applicant.uid))
      .update({ expires_at: TimestampValue.fromMillis(Date.now() + UNVERIFIED_APPLICANT_TTL_MS) });
    expect(await mailDoc(mailKeys.profileApproved(applicant.uid))).toBeNull();

    await setProfileStatusHandler(
      await requestAs(manager, { uid: applicant.uid, status: 'approved', allowUnverified: true }),
    );
    expect(await profileOf(applicant.uid)).toMatchObject({
      status: 'approved',
      email_verified: false,
    });
    // Approved without a verified address: kept, no longer expiring.
    expect(await profileOf(applicant.uid)).not.toHaveProperty('expires_at');
    await deliver(mailKeys.profileApproved(applicant.uid));
    const mail = await maildev.client.waitFor(applicant.email);
    expect(mail.subject).toBe('Your wholesale account is approved');
    expect(linkIn(mail.text, `${process.env.WEB_ORIGIN}/login`)).toBeTruthy();
  });

  it('mails a verified applicant on approval (in the same commit) and on rejection', async () => {
    const buyer = await createAccount('wholesaler', 'pending');
    await setProfileStatusHandler(await requestAs(manager, { uid: buyer.uid, status: 'approved' }));
    expect((await profileOf(buyer.uid)).email_verified).toBe(true);
    expect(await mailDoc(mailKeys.profileApproved(buyer.uid))).toMatchObject({ to: [buyer.email] });
    await setProfileStatusHandler(await requestAs(manager, { uid: buyer.uid, status: 'rejected' }));
    await deliver(mailKeys.profileRejected(buyer.uid));
    const mail = await maildev.client.waitFor(
      buyer.email,
      (m) => m.subject === 'About your wholesale application',
    );
    expect(mail.text).toContain('support@electricslush.example');
  });

  it("mails a decline with the manager's note, a reopen, and a second decline of the next round", async () => {
    const applicant = await createAccount('retailer', 'pending');
    await setProfileStatusHandler(
      await requestAs(manager, {
        uid: applicant.uid,
        status: 'rejected',
        reason: 'We only supply stores in California for now.',
      }),
    );
    await deliver(mailKeys.profileDeclined(applicant.uid));
    const declined = await maildev.client.waitFor(
      applicant.email,
      (m) => m.subject === 'About your wholesale application',
    );
    expect(declined.text).toContain(
      'A note from our team: We only supply stores in California for now.',
    );
    expect(declined.text).toContain("we'll gladly take another look");

    await setProfileStatusHandler(
      await requestAs(manager, { uid: applicant.uid, status: 'pending' }),
    );
    await deliver(mailKeys.profileReopened(applicant.uid, 1));
    const reopened = await maildev.client.waitFor(
      applicant.email,
      (m) => m.subject === "We're taking another look at your application",
    );
    expect(reopened.text).toContain("we've reopened your application");
    expect(reopened.text).toContain('support@electricslush.example');

    // Declined again, without a note: a mail of its own (the first round's is not reused).
    await setProfileStatusHandler(
      await requestAs(manager, { uid: applicant.uid, status: 'rejected' }),
    );
    expect(await mailDoc(mailKeys.profileDeclined(applicant.uid, 1))).toMatchObject({
      to: [applicant.email],
    });
    await deliver(mailKeys.profileDeclined(applicant.uid, 1));
    await expect
      .poll(
        async () =>
          (await maildev.client.to(applicant.email)).filter(
            (m) => m.subject === 'About your wholesale application',
          ).length,
        { timeout: 15_000 },
      )
      .toBe(2);
  });
});

describe('forgot password', () => {
  it('answers the same for an unknown and a known address; only the known one gets a mail', async () => {
    const ip = `10.1.${Math.floor(Math.random() * 250)}.1`;
    const unknown = `nobody-${randomUUID().slice(0, 6)}@accounts.test`;
    expect(await requestPasswordResetHandler(fromIp({ email: unknown }, ip))).toEqual({
      accepted: true,
    });
    expect(await mailKeysStartingWith(`password-reset.`)).not.toContainEqual(
      expect.stringContaining(unknown),
    );

    const account = await createAccount('retailer', 'approved');
    const before = await mailKeysStartingWith(`password-reset.${account.uid}.`);
    expect(
      await requestPasswordResetHandler(fromIp({ email: `  ${account.email.toUpperCase()} ` }, ip)),
    ).toEqual({ accepted: true });
    const keys = await mailKeysStartingWith(`password-reset.${account.uid}.`);
    expect(keys).toHaveLength(before.length + 1);
    await deliver(keys[0]!);
    const mail = await maildev.client.waitFor(
      account.email,
      (m) => m.subject === 'Reset your password',
    );
    expect(
      linkIn(mail.text, `${process.env.WEB_ORIGIN}/auth/action?mode=resetPassword&oobCode=`),
    ).toBeTruthy();
  });

  it('limits mails per address (same answer, no more mail) and per IP', async () => {
    const account = await createAccount('retailer', 'approved');
    const results = [];
    for (let i = 0; i < RATE_LIMITS.passwordResetPerEmail.max + 2; i++) {
      results.push(await requestPasswordReset(ctx(), account.email, `10.2.0.${i}`));
    }
    expect(results.filter((r) => r === 'queued')).toHaveLength(
      RATE_LIMITS.passwordResetPerEmail.max,
    );
    expect(results.at(-1)).toBe('rate-limited');
    expect(await mailKeysStartingWith(`password-reset.${account.uid}.`)).toHaveLength(
      RATE_LIMITS.passwordResetPerEmail.max,
    );

    const ip = `10.3.${Math.floor(Math.random() * 250)}.9`;
    const outcomes = [];
    for (let i = 0; i < RATE_LIMITS.passwordResetPerIp.max + 1; i++) {
      outcomes.push(await requestPasswordReset(ctx(), `nobody${i}@accounts.test`, ip));
    }
    expect(outcomes.at(-1)).toBe('rate-limited');
    expect(await requestPasswordResetHandler(fromIp({ email: 'x@accounts.test' }, ip))).toEqual({
      accepted: true,
    });
  });

  it('counts the resets of one inbox together, however its accounts spell its address', async () => {
    // Two accounts whose addresses reach one inbox (plus tags): one window of 3 between them.
    const inbox = `inbox-${randomUUID().slice(0, 8)}`;
    const tagged = await Promise.all(
      [1, 2].map((tag) => createAccount('retailer', 'approved', { uid: `${inbox}+${tag}` })),
    );
    const results = [];
    for (const account of [...tagged, ...tagged, ...tagged]) {
      results.push(await requestPasswordReset(ctx(), account.email, `10.4.${results.length}.1`));
    }
    expect(results.filter((r) => r === 'queued')).toHaveLength(
      RATE_LIMITS.passwordResetPerEmail.max,
    );
    let mails = 0;
    for (const account of tagged) {
      mails += (await mailKeysStartingWith(`password-reset.${account.uid}.`)).length;
    }
    expect(mails).toBe(RATE_LIMITS.passwordResetPerEmail.max);
  });

  it.each([
    [{ email: 'not-an-email' }],
    [{ email: '' }],
    [{}],
    [{ email: 42 }],
    [{ email: `${'a'.repeat(300)}@x.test` }],
    [{ email: 'a@b.test', extra: 1 }],
  ])('refuses bad input %j with invalid-argument', async (data) => {
    await expect(requestPasswordResetHandler(fromIp(data))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });
});

describe('verification links', () => {
  it('resends a verification link to the signed-in applicant, within a limit', async () => {
    const applicant = await createAccount('retailer', 'pending', { emailVerified: false });
    const request = await requestAs(applicant, {});
    for (let i = 0; i < RATE_LIMITS.verificationPerUser.max; i++) {
      expect(await resendVerificationEmailHandler(request)).toEqual({ accepted: true });
    }
    await expect(resendVerificationEmailHandler(request)).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: 'Too many requests. Try again later.',
    });
    const keys = await mailKeysStartingWith(`verify-email.${applicant.uid}.`);
    expect(keys).toHaveLength(RATE_LIMITS.verificationPerUser.max);
    await deliver(keys[0]!);
    const mail = await maildev.client.waitFor(
      applicant.email,
      (m) => m.subject === 'Verify your email address',
    );
    expect(
      linkIn(mail.text, `${process.env.WEB_ORIGIN}/auth/action?mode=verifyEmail&oobCode=`),
    ).toBeTruthy();
  });

  it('limits verification mails per inbox, over every account whose address reaches it', async () => {
    const inbox = `verify-${randomUUID().slice(0, 8)}`;
    const applicants = await Promise.all(
      [1, 2, 3].map((tag) =>
        createAccount('retailer', 'pending', { emailVerified: false, uid: `${inbox}+${tag}` }),
      ),
    );
    const outcomes: string[] = [];
    for (const applicant of [...applicants, ...applicants]) {
      const request = {
        ...(await requestAs(applicant, {})),
        rawRequest: { ip: `10.5.${outcomes.length}.${Math.floor(Math.random() * 250)}` },
      };
      outcomes.push(
        await resendVerificationEmailHandler(request).then(
          () => 'sent',
          (error: { code?: string }) => error.code ?? 'error',
        ),
      );
    }
    const max = RATE_LIMITS.verificationPerEmail.max;
    expect(outcomes).toEqual([
      ...Array<string>(max).fill('sent'),
      ...Array<string>(outcomes.length - max).fill('resource-exhausted'),
    ]);
    let mails = 0;
    for (const applicant of applicants) {
      mails += (await mailKeysStartingWith(`verify-email.${applicant.uid}.`)).length;
    }
    expect(mails).toBe(max);
  });

  it('refuses a verified account and a visitor', async () => {
    const verified = await createAccount('retailer', 'pending');
    await expect(
      resendVerificationEmailHandler(await requestAs(verified, {})),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Your email address is already verified.',
    });
    await expect(resendVerificationEmailHandler({ data: {} })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('copies the verified flag from Auth onto the profile, and only that', async () => {
    const applicant = await createAccount('retailer', 'pending', { emailVerified: false });
    expect(await syncEmailVerificationHandler(fromIp({ email: applicant.email }))).toEqual({
      accepted: true,
    });
    expect((await profileOf(applicant.uid)).email_verified).toBe(false);
    await adminAuth().updateUser(applicant.uid, { emailVerified: true });
    await syncEmailVerificationHandler(fromIp({ email: applicant.email.toUpperCase() }));
    expect((await profileOf(applicant.uid)).email_verified).toBe(true);
    // An unknown address: the same answer, nothing written.
    expect(await syncEmailVerificationHandler(fromIp({ email: 'ghost@accounts.test' }))).toEqual({
      accepted: true,
    });
    await expect(syncEmailVerificationHandler(fromIp({ email: 'nope' }))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });
});

describe('verification links asked for by a manager ({ uid })', () => {
  /** A request from an IP of the test's own, so no other test shares the per-IP window. */
  const withIp = async (account: TestAccount, data: unknown, ip: string) => ({
    ...(await requestAs(account, data)),
    rawRequest: { ip },
  });
  const newIp = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const userWindow = (uid: string) =>
    firestore()
      .collection(COLLECTIONS.rateLimits)
      .doc(
        rateLimitId(
          callableRateWindows('resendVerificationEmail', { uid, ip: '' }).perUser.name,
          uid,
        ),
      );

  it("sends the buyer the same mail, counted in the buyer's own per-user window", async () => {
    const buyer = await createAccount('wholesaler', 'pending', { emailVerified: false });
    const ip = newIp();
    // The buyer asks once themselves; the manager's requests share their window.
    expect(await resendVerificationEmailHandler(await withIp(buyer, {}, ip))).toEqual({
      accepted: true,
    });
    const forBuyer = await withIp(manager, { uid: buyer.uid }, newIp());
    for (let i = 1; i < RATE_LIMITS.verificationPerUser.max; i++) {
      expect(await resendVerificationEmailHandler(forBuyer)).toEqual({ accepted: true });
    }
    await expect(resendVerificationEmailHandler(forBuyer)).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: 'Too many requests. Try again later.',
    });
    await expect(resendVerificationEmailHandler(await withIp(buyer, {}, ip))).rejects.toMatchObject(
      {
        code: 'resource-exhausted',
      },
    );

    const keys = await mailKeysStartingWith(`verify-email.${buyer.uid}.`);
    expect(keys).toHaveLength(RATE_LIMITS.verificationPerUser.max);
    expect(await mailKeysStartingWith(`verify-email.${manager.uid}.`)).toEqual([]);
    await deliver(keys.at(-1)!);
    const mail = await maildev.client.waitFor(
      buyer.email,
      (m) => m.subject === 'Verify your email address',
    );
    // The address is not verified: none of the buyer's words (a fixed greeting).
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain(`Store ${buyer.uid}`);
    expect(
      linkIn(mail.text, `${process.env.WEB_ORIGIN}/auth/action?mode=verifyEmail&oobCode=`),
    ).toBeTruthy();
  });

  it('refuses anyone but a manager naming a uid, and counts and queues nothing', async () => {
    const buyer = await createAccount('retailer', 'pending', { emailVerified: false });
    const approved = await createAccount('retailer', 'approved', { emailVerified: false });
    for (const [caller, uid] of [
      [approved, buyer.uid],
      [approved, approved.uid],
      [buyer, buyer.uid],
    ] as const) {
      await expect(
        resendVerificationEmailHandler(await withIp(caller, { uid }, newIp())),
      ).rejects.toMatchObject({ code: 'permission-denied', message: 'Only managers can do this.' });
    }
    expect(await mailKeysStartingWith(`verify-email.${buyer.uid}.`)).toEqual([]);
    expect(await mailKeysStartingWith(`verify-email.${approved.uid}.`)).toEqual([]);
    expect((await userWindow(buyer.uid).get()).exists).toBe(false);
  });

  it('refuses a verified buyer, an unknown uid, a manager and a malformed uid, counting nothing', async () => {
    const verified = await createAccount('retailer', 'approved');
    const ask = async (uid: unknown) =>
      resendVerificationEmailHandler(await withIp(manager, { uid }, newIp()));
    await expect(ask(verified.uid)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: "This buyer's email address is already verified.",
    });
    await expect(ask(`no-such-user-${randomUUID()}`)).rejects.toMatchObject({
      code: 'not-found',
      message: 'No user with this id.',
    });
    await expect(ask(manager.uid)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Verification mails are sent to buyers only.',
    });
    for (const uid of ['a/b', '', 42, 'x'.repeat(129)]) {
      await expect(ask(uid)).rejects.toMatchObject({ code: 'invalid-argument' });
    }
    expect(await mailKeysStartingWith(`verify-email.${verified.uid}.`)).toEqual([]);
    expect((await userWindow(verified.uid).get()).exists).toBe(false);
  });

  it('records when the address became verified, once (the store page shows it)', async () => {
    const applicant = await createAccount('retailer', 'pending', { emailVerified: false });
    await syncEmailVerificationHandler(fromIp({ email: applicant.email }));
    expect((await profileOf(applicant.uid)).email_verified_at).toBeUndefined();
    await adminAuth().updateUser(applicant.uid, { emailVerified: true });
    const before = Date.now();
    await syncEmailVerificationHandler(fromIp({ email: applicant.email }));
    const first = (await profileOf(applicant.uid)).email_verified_at as Timestamp;
    expect(first.toMillis()).toBeGreaterThanOrEqual(before - 5_000);
    // Unverified and verified again (an address change): the first time stays.
    await adminAuth().updateUser(applicant.uid, { emailVerified: false });
    await syncEmailVerificationHandler(fromIp({ email: applicant.email }));
    await adminAuth().updateUser(applicant.uid, { emailVerified: true });
    await syncEmailVerificationHandler(fromIp({ email: applicant.email }));
    expect(await profileOf(applicant.uid)).toMatchObject({
      email_verified: true,
      email_verified_at: first,
    });
  });
});
