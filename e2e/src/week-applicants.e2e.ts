/**
 * Reviewing applicants as a week of real use asked for (docs/product.md#6-portal-access-login,
 * docs/product.md#124-companies-tab): a manager declines a pending applicant with a reason (mailed) and
 * reopens it (mailed); a rejected account is told so at sign-in, with our address, and the page
 * keeps saying it; a manager's phone shows the contact name and seller permit on each Companies card; a
 * taken email on Apply links to sign in and to the password reset.
 */
import { expect } from 'vitest';
import { mailClient } from '../../scripts/lib/maildev';
import { createApplicant, createApprovedBuyer, type TestBuyer } from './support/accounts';
import { patchDocument } from './support/firestore-admin';
import { journey, PHONE, type Person } from './support/journey';
import { snap } from './support/screens';
import { openInApp, see, seeText, seeToast, signInManager, submitSignIn } from './support/ui';

const j = journey('week-applicants');
const mails = mailClient(j.stack.urls.mail);
/** The searchCompanies function and its trigger-fed index answer slowly on a busy machine. */
const SLOW = 240_000;
const REASON = 'We only supply stores in California for now.';
let applicant: TestBuyer;
let rejected: TestBuyer;
let manager: Person;

const companiesOf = (store: string) => `/admin?tab=companies&q=${encodeURIComponent(store)}`;

j.step(
  'a manager declines a pending applicant with a reason, and the applicant is mailed it',
  async () => {
    applicant = await createApplicant(j.stack, 'decline');
    manager = await j.person('manager');
    const { page } = manager;
    await signInManager(page);
    await openInApp(page, companiesOf(applicant.storeName));
    const row = page.getByRole('row').filter({ hasText: applicant.storeName });
    await seeText(row, /Pending/, SLOW);
    await row.getByRole('button', { name: `Decline ${applicant.storeName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Decline ${applicant.storeName}?` });
    await see(confirm);
    const reason = confirm.getByRole('textbox', {
      name: 'Reason (optional, included in the email)',
    });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await reason.fill(REASON);
    await snap(page, 'week-01-decline-applicant-after');
    // The phone width re-lays the table as cards (the box closes with its row): open it again.
    if (!(await confirm.isVisible())) {
      await row.getByRole('button', { name: `Decline ${applicant.storeName}` }).click();
      await reason.fill(REASON);
    }
    await confirm.getByRole('button', { name: 'Decline', exact: true }).click();
    await seeToast(page, 'Success', 'Profile declined successfully', SLOW);
    await seeText(row, /Rejected/, SLOW);
    await see(row.getByRole('button', { name: `Reopen ${applicant.storeName}` }));
    const mail = await mails.waitFor(
      applicant.email,
      (m) => m.subject === 'About your wholesale application',
    );
    expect(mail.text).toContain(`A note from our team: ${REASON}`);
    expect(mail.text).toContain("we'll gladly take another look");
  },
  600_000,
);

j.step(
  'the manager reopens the declined applicant: pending again, and mailed',
  async () => {
    const { page } = manager;
    const row = page.getByRole('row').filter({ hasText: applicant.storeName });
    await row.getByRole('button', { name: `Reopen ${applicant.storeName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Reopen ${applicant.storeName}?` });
    await see(confirm);
    await snap(page, 'week-01-reopen-applicant-after');
    if (!(await confirm.isVisible())) {
      await row.getByRole('button', { name: `Reopen ${applicant.storeName}` }).click();
    }
    await confirm.getByRole('button', { name: 'Reopen', exact: true }).click();
    await seeToast(page, 'Success', 'Profile reopened successfully', SLOW);
    await seeText(row, /Pending/, SLOW);
    await see(row.getByRole('button', { name: `Approve ${applicant.storeName}` }));
    const mail = await mails.waitFor(
      applicant.email,
      (m) => m.subject === "We're taking another look at your application",
    );
    expect(mail.text).toContain("we've reopened your application");
  },
  600_000,
);

j.step(
  "on a phone, the manager's Companies card shows the contact name and the seller permit",
  async () => {
    const { page } = manager;
    await page.setViewportSize(PHONE);
    await page.goto(companiesOf(applicant.storeName));
    const card = page.getByRole('article', { name: applicant.storeName });
    await see(card, SLOW);
    await see(card.getByText(applicant.fullName, { exact: true }));
    await see(card.getByText(`Seller permit ${applicant.sellerPermitId}`, { exact: true }));
    await see(card.getByRole('button', { name: `Decline ${applicant.storeName}` }));
    await snap(page, 'week-09-users-cards-phone-after');
  },
  500_000,
);

j.step(
  'a rejected account is told so at sign-in, with our address, and the page keeps saying it',
  async () => {
    rejected = await createApprovedBuyer(j.stack, 'retailer', 'rejected');
    const identity = `${j.stack.urls.auth}/identitytoolkit.googleapis.com/v1`;
    const response = await fetch(`${identity}/projects/${j.stack.projectId}/accounts:update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        localId: rejected.uid,
        emailVerified: true,
        customAttributes: JSON.stringify({ role: 'retailer', status: 'rejected' }),
      }),
    });
    expect(response.ok).toBe(true);
    await patchDocument(j.stack, `profiles/${rejected.uid}`, { status: 'rejected' });
    const visitor = await j.person('visitor');
    const { page } = visitor;
    await page.goto('/login');
    await see(page.getByRole('heading', { name: 'Portal Access' }));
    await submitSignIn(page, rejected.email, rejected.password);
    await seeToast(page, 'Account Not Approved', 'support@electricslush.example', SLOW);
    const notice = page.getByRole('status').filter({ hasText: 'Account Not Approved' });
    await see(notice);
    await see(notice.getByRole('link', { name: 'support@electricslush.example' }));
    expect(await page.getByText(/pending approval/).count()).toBe(0);
    await snap(page, 'week-02-rejected-sign-in-after');
    // After the toast has gone, the reason is still on the page.
    await expect
      .poll(() => page.locator('.toast').filter({ hasText: 'Account Not Approved' }).count(), {
        timeout: 30_000,
      })
      .toBe(0);
    await see(notice);
  },
  600_000,
);

j.step(
  'a taken email on Apply links to sign in and to the password reset',
  async () => {
    const visitor = await j.person('applicant');
    const { page } = visitor;
    await page.goto('/apply');
    await see(page.getByRole('heading', { name: 'Request Access' }));
    await page.getByLabel('Full Name').fill('Dana Reyes');
    await page.getByLabel('Store Name').fill('Second Try Smoke Shop');
    await page.getByLabel('Email').fill(rejected.email);
    await page.getByLabel('Password').fill('demo12345');
    await page.getByLabel('Seller Permit Number').fill('SP-123456');
    await page.getByRole('radio', { name: /Retailer/ }).check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await seeToast(page, 'Application Error', 'An account with this email already exists.', SLOW);
    const notice = page.getByRole('status').filter({ hasText: 'already exists' });
    await see(notice.getByRole('link', { name: 'Sign in' }));
    await see(notice.getByRole('link', { name: 'reset your password' }));
    await snap(page, 'week-15-duplicate-email-after');
    await notice.getByRole('link', { name: 'reset your password' }).click();
    await see(page.getByRole('heading', { name: 'Reset Password' }));
  },
  500_000,
);
