/**
 * The expiry reminders of resale certificates (docs/tax.md) against the local emulators and the
 * Stripe sandbox: sweepTaxCertificates mails a company's owners 30 and 7 days before an approved
 * certificate expires, each reminder once however often it runs (and once when a run was
 * missed), nothing for other certificates; and on the local stack a company's test clock moved
 * on (`test_helpers.test_clock.ready` through the signed webhook) sweeps that company on its new
 * day, so `npm run clock` past a reminder date makes the reminder arrive.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessDay, mailKeys, paths } from '@portal/domain';
import { firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { sweepTaxCertificates } from '../../src/tax/certificate-sweep';
import { createAccount, type TestAccount } from '../accounts/support';
import { mailKeysStartingWith } from '../mail/support';
import { startPaymentsHarness } from '../payments/support';
import { certificateOf, writeApprovedCertificate } from './support';

vi.setConfig({ testTimeout: 60_000 });

const DAY = 86_400_000;
/** YYYY-MM-DD `days` after `day`. */
function plus(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}
const reminderKeys = (certificateId: string) =>
  mailKeysStartingWith(`tax-certificate-reminder.${certificateId}.`);

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let owner: TestAccount;

beforeAll(async () => {
  process.env.STRIPE_TEST_CLOCKS = 'per-customer';
  harness = await startPaymentsHarness();
});

afterAll(async () => {
  delete process.env.STRIPE_TEST_CLOCKS;
  await harness?.stop();
});

describe('sweepTaxCertificates', () => {
  const EXPIRES = '2031-03-31';
  // Each test sweeps a company of its own: time runs backwards from one test to the next.
  beforeEach(async () => {
    owner = await createAccount('retailer', 'approved');
  });
  const sweep = (today: string, companyId = owner.uid) =>
    sweepTaxCertificates(createContext(), { companyId, today });

  it('reminds 30 and 7 days before expiry, each once, on those days only', async () => {
    const id = await writeApprovedCertificate(owner.uid, EXPIRES);
    const sent: Array<[string, number]> = [];
    for (const daysBefore of [45, 31, 30, 30, 29, 12, 8, 7, 7, 6, 1, 0, -1]) {
      const result = await sweep(plus(EXPIRES, -daysBefore));
      if (result.reminders > 0) sent.push([plus(EXPIRES, -daysBefore), result.reminders]);
    }
    expect(sent).toEqual([
      [plus(EXPIRES, -30), 1],
      [plus(EXPIRES, -7), 1],
    ]);
    expect((await reminderKeys(id)).sort()).toEqual([
      mailKeys.taxCertificateReminder(id, 30),
      mailKeys.taxCertificateReminder(id, 7),
    ]);
    expect(await certificateOf(id)).toMatchObject({ reminders_sent: [30, 7] });
    const mail = (
      await firestore()
        .doc(paths.mail(mailKeys.taxCertificateReminder(id, 7)))
        .get()
    ).data() as { to: string[]; message: { subject: string; text: string } };
    expect(mail.to).toEqual([owner.email]);
    expect(mail.message.subject).toBe('Your resale certificate for CA expires in 7 days');
    expect(mail.message.text).toContain('valid until Mar 31, 2031');
    expect(mail.message.text).toContain('upload your renewed certificate');
  });

  it('sends the nearest window once when runs were missed, never the one already passed', async () => {
    const id = await writeApprovedCertificate(owner.uid, EXPIRES);
    expect((await sweep(plus(EXPIRES, -5))).reminders).toBe(1);
    expect((await sweep(plus(EXPIRES, -4))).reminders).toBe(0);
    expect(await reminderKeys(id)).toEqual([mailKeys.taxCertificateReminder(id, 7)]);
    // Another company's, swept 20 days before (time runs forward within a company).
    const other = await createAccount('retailer', 'approved');
    const late = await writeApprovedCertificate(other.uid, EXPIRES);
    expect((await sweep(plus(EXPIRES, -20), other.uid)).reminders).toBe(1);
    expect(await reminderKeys(late)).toEqual([mailKeys.taxCertificateReminder(late, 30)]);
  });

  it('leaves pending, rejected and never-expiring certificates, and other companies, alone', async () => {
    const other = await createAccount('retailer', 'approved');
    const ids = await Promise.all([
      writeApprovedCertificate(owner.uid, EXPIRES, { status: 'pending' }),
      writeApprovedCertificate(owner.uid, EXPIRES, { status: 'rejected' }),
      writeApprovedCertificate(owner.uid, null),
    ]);
    const othersId = await writeApprovedCertificate(other.uid, EXPIRES);
    await sweep(plus(EXPIRES, -30));
    await sweep(plus(EXPIRES, -7));
    for (const id of ids) expect(await reminderKeys(id)).toEqual([]);
    // Swept for the owner's company only: the other company's certificate is not touched.
    expect(await reminderKeys(othersId)).toEqual([]);
    expect((await sweep(plus(EXPIRES, -30), other.uid)).reminders).toBe(1);
  });

  it('does not mail twice when two sweeps race', async () => {
    const id = await writeApprovedCertificate(owner.uid, EXPIRES);
    const results = await Promise.all(Array.from({ length: 4 }, () => sweep(plus(EXPIRES, -30))));
    expect(results.reduce((sum, r) => sum + r.reminders, 0)).toBe(1);
    expect(await reminderKeys(id)).toEqual([mailKeys.taxCertificateReminder(id, 30)]);
    expect(await certificateOf(id)).toMatchObject({ reminders_sent: [30] });
  });
});

describe('a company’s test clock moved on (test_helpers.test_clock.ready)', () => {
  it('sweeps that company on its clock’s new day: the reminder arrives once', async () => {
    const company = await createAccount('retailer', 'approved');
    const start = Date.now();
    const clock = await harness.stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(start / 1000),
    });
    const customer = await harness.stripe.customers.create({
      test_clock: clock.id,
      metadata: { company: company.uid },
    });
    await firestore().doc(paths.stripeCustomer(company.uid)).set({ customer_id: customer.id });
    const expires = plus(businessDay(new Date(start)), 40);
    const id = await writeApprovedCertificate(company.uid, expires);

    // The real day is 40 days before expiry: nothing is due; a sweep changes nothing.
    expect(
      (await sweepTaxCertificates(createContext(), { companyId: company.uid })).reminders,
    ).toBe(0);

    const advance = async (days: number) => {
      const from = harness.endpoint.bodies.length;
      await harness.sandbox.advanceClock(clock.id, Math.floor((start + days * DAY) / 1000));
      await harness.sandbox.whenWebhooksIdle();
      const bodies = harness.endpoint.bodies.slice(from);
      const ready = bodies.findIndex((body) => body.includes('"test_helpers.test_clock.ready"'));
      expect(ready, 'the sandbox sent test_helpers.test_clock.ready').toBeGreaterThanOrEqual(0);
      expect(harness.endpoint.statuses[from + ready]).toBe(200);
    };

    await advance(5); // 35 days left
    expect(await reminderKeys(id)).toEqual([]);
    await advance(11); // 29 days left: the 30-day window
    expect(await reminderKeys(id)).toEqual([mailKeys.taxCertificateReminder(id, 30)]);
    await advance(12); // 28 days left: already sent
    expect(await reminderKeys(id)).toEqual([mailKeys.taxCertificateReminder(id, 30)]);
    await advance(34); // 6 days left: the 7-day window
    expect((await reminderKeys(id)).sort()).toEqual([
      mailKeys.taxCertificateReminder(id, 30),
      mailKeys.taxCertificateReminder(id, 7),
    ]);
    expect(await certificateOf(id)).toMatchObject({ reminders_sent: [30, 7] });
  });
});
