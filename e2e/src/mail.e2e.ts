/**
 * People hear from the portal: a buyer who forgot the password gets a reset mail and chooses a
 * new one (the old stops working, the link works once); an unknown address gets the same answer
 * and no mail; a pending applicant asks for a new verification link; a visitor subscribes to the
 * newsletter, confirms by mail and unsubscribes with the mail's link, signed out. Mails are read
 * from MailDev's REST API.
 */
import { expect } from 'vitest';
import { linkIn, mailClient } from '../../scripts/lib/maildev';
import {
  createApplicant,
  createApprovedBuyer,
  uniqueTag,
  type TestBuyer,
} from './support/accounts';
import { checkA11yBothWidths } from './support/a11y';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { see, seeToast, submitSignIn } from './support/ui';

const j = journey('mail');
const mails = mailClient(j.stack.urls.mail);
const SAME_ANSWER =
  "If an account exists for that address, we've sent a link to reset your password. Check your inbox.";
const NEW_PASSWORD = 'fresh-slush-42';
let buyer: TestBuyer;
let person: Person;
let resetLink = '';

async function askForReset(email: string, check = false) {
  const { page } = person;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await see(page.getByRole('heading', { name: 'Reset Password' }));
  if (check) await checkA11yBothWidths(page, 'forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await see(page.getByText(SAME_ANSWER));
}

j.step(
  'forgot password: an unknown address and a known one get the same answer; only the known one gets a mail',
  async () => {
    buyer = await createApprovedBuyer(j.stack, 'retailer', 'reset');
    person = await j.person('buyer');
    const nobody = `nobody-${uniqueTag()}@e2e.test`;
    await askForReset(nobody, true);
    await askForReset(buyer.email);
    await snap(person.page, 'forgot-password-sent');
    const mail = await mails.waitFor(buyer.email, (m) => m.subject === 'Reset your password');
    resetLink = linkIn(mail.text, `${j.stack.urls.web}/auth/action?mode=resetPassword&oobCode=`);
    expect(await mails.to(nobody)).toEqual([]);
  },
);

j.step(
  'the reset link sets a new password; the new one signs in, the old one does not',
  async () => {
    const { page } = person;
    await page.goto(resetLink);
    await see(page.getByRole('heading', { name: 'Choose a new password' }));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill('something-else');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await see(page.getByText('The passwords do not match'));
    await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
    await snap(page, 'auth-action-reset-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await see(page.getByRole('heading', { name: 'Password changed' }));
    await page.getByRole('link', { name: 'Sign in' }).click();
    await see(page.getByRole('heading', { name: 'Portal Access' }));
    await submitSignIn(page, buyer.email, buyer.password);
    await seeToast(page, 'Login Failed');
    await page.reload();
    await submitSignIn(page, buyer.email, NEW_PASSWORD);
    await seeToast(page, 'Welcome back!');
  },
);

j.step('the same reset link used again says it was already used', async () => {
  const { page } = person;
  await page.goto(resetLink);
  await see(
    page.getByRole('heading', { name: 'This link has already been used or is no longer valid.' }),
  );
  await snap(page, 'auth-action-link-used');
});

j.step('a tampered code and a link without one are refused with a clear message', async () => {
  const { page } = person;
  const tampered = new URL(resetLink);
  tampered.searchParams.set('oobCode', `${tampered.searchParams.get('oobCode')}x`);
  await page.goto(tampered.toString());
  await see(
    page.getByRole('heading', { name: 'This link has already been used or is no longer valid.' }),
  );
  await page.goto('/auth/action?mode=resetPassword');
  await see(page.getByRole('heading', { name: 'This link is not valid.' }));
  await checkA11yBothWidths(page, 'auth-action-invalid-link');
});

j.step(
  'a pending applicant asks for a new verification link; it verifies the address',
  async () => {
    const applicant = await createApplicant(j.stack, 'resend');
    const visitor = await j.person('applicant');
    const { page } = visitor;
    await page.goto('/login');
    await submitSignIn(page, applicant.email, applicant.password);
    await seeToast(page, 'Account Pending');
    await see(page.getByText('Please verify your email address.'));
    await snap(page, 'login-pending-verify');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await see(page.getByText('Verification email sent. Check your inbox.'));
    const mail = await mails.waitFor(
      applicant.email,
      (m) => m.subject === 'Verify your email address',
    );
    await page.goto(linkIn(mail.text, `${j.stack.urls.web}/auth/action?mode=verifyEmail&oobCode=`));
    await see(page.getByRole('heading', { name: 'Email verified' }));
  },
);

j.step(
  'a visitor subscribes, confirms by mail and unsubscribes with the link, signed out',
  async () => {
    const visitor = await j.person('visitor');
    const { page } = visitor;
    const email = `fan-${uniqueTag()}@e2e.test`;
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    await form.getByRole('textbox').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await see(page.getByText('Almost there! Check your inbox to confirm your subscription.'));
    const mail = await mails.waitFor(email, (m) => m.subject === 'Confirm your subscription');
    await page.goto(linkIn(mail.text, `${j.stack.urls.web}/newsletter/confirm?token=`));
    await see(page.getByRole('heading', { name: "You're subscribed" }));
    await snap(page, 'newsletter-confirmed');
    await page.goto(linkIn(mail.text, `${j.stack.urls.web}/newsletter/unsubscribe?token=`));
    await see(page.getByRole('heading', { name: "You're unsubscribed" }));
    await page.goto(`/newsletter/confirm?token=${'x'.repeat(43)}`);
    await see(page.getByRole('heading', { name: 'This link is not valid.' }));
  },
);
