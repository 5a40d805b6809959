/**
 * Policy pages and the support contact, from a week of real use
 * (docs/product.md#45-policy-pages-legalpage, docs/product.md#127-site-tab-tabsite): a manager sets
 * the support phone and rewrites the Terms in the dashboard's Site tab (with its preview); a
 * visitor opens the new Terms from the landing page's footer, where the phone is listed; a buyer
 * finds the phone on the Support tab. Raw HTML and a javascript: link in the Terms stay inert.
 */
import { expect } from 'vitest';
import { createApprovedBuyer } from './support/accounts';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { at, openInApp, see, seeToast, signInBuyer, signInManager } from './support/ui';

const j = journey('week-content');
let manager: Person;
let visitor: Person;
const PHONE = '+1 (562) 555-0147';
const EMAIL = 'help@electricslush.example';
const TERMS = [
  'These terms apply to every order placed through the partner portal.',
  '',
  '## Net terms',
  '',
  'Invoices on terms are due in **30 days**.',
  '',
  '- Pay by card or ACH',
  '- Late invoices pause new orders',
  '',
  'Typed as text, never run: <script>window.__pwned = true</script>',
  '[a trap](javascript:window.__pwned=true)',
].join('\n');

j.step('a manager sets the support phone (a bad number is refused first)', async () => {
  manager = await j.person('manager');
  const { page } = manager;
  await signInManager(page);
  await openInApp(page, '/admin?tab=site');
  const phone = page.getByLabel('Support phone');
  await see(phone);
  await phone.fill('call us');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await see(page.getByText('Enter a phone number: digits, spaces, dashes, an optional leading +'));
  await phone.fill(PHONE);
  await page.getByLabel('Support email').fill(EMAIL);
  await page.getByRole('button', { name: 'Save contact' }).click();
  await seeToast(page, 'Saved');
});

j.step('the manager rewrites the Terms with a preview, and saves them', async () => {
  const { page } = manager;
  await page.getByLabel('Page', { exact: true }).selectOption('terms');
  const body = page.getByLabel('Terms of Service (Markdown)');
  await see(body);
  await expect.poll(() => body.inputValue()).toContain('These terms apply');
  await body.fill(TERMS);
  const preview = page.getByRole('region', { name: 'Preview' });
  await see(preview.getByRole('heading', { name: 'Net terms' }));
  await see(preview.getByText('<script>window.__pwned = true</script>', { exact: false }));
  expect(await preview.getByRole('link', { name: 'a trap' }).count()).toBe(0);
  await snap(page, 'week-10-policy-editor-after');
  await page.getByRole('button', { name: 'Save page' }).click();
  await seeToast(page, 'Saved');
});

j.step('a visitor sees the phone in the footer and opens the new Terms from it', async () => {
  visitor = await j.person('visitor');
  const { page } = visitor;
  await page.goto('/');
  const footer = page.locator('footer');
  const call = footer.getByRole('link', { name: `Call ${PHONE}` });
  await see(call);
  expect(await call.getAttribute('href')).toBe('tel:+15625550147');
  expect(await footer.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
    `mailto:${EMAIL}`,
  );
  await see(footer.getByText('© 2025 Electric Slush Co. All rights reserved.'));
  await footer.getByText('Privacy Policy').scrollIntoViewIfNeeded();
  await snap(page, 'week-10-support-contact-landing-after');
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await at(page, '/legal/terms');
  await see(page.getByRole('heading', { level: 1, name: 'Terms of Service' }));
  await see(page.getByRole('heading', { name: 'Net terms' }));
  await see(page.getByText('<script>window.__pwned = true</script>', { exact: false }));
  expect(await page.getByRole('link', { name: 'a trap' }).count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await see(page.getByRole('link', { name: PHONE }));
  expect(await page.title()).toBe('Terms of Service | Electric Slush Co.');
  await snap(page, 'week-10-policy-page-after');
});

j.step('an unknown policy address says so', async () => {
  const { page } = visitor;
  await openInApp(page, '/legal/cookies');
  await see(page.getByRole('heading', { name: 'Page not found' }));
  await see(page.getByText('We have no policy page at this address.'));
});

j.step('a buyer finds the support phone on the Support tab', async () => {
  const account = await createApprovedBuyer(j.stack, 'retailer', 'content');
  const { page } = await j.person('buyer');
  await signInBuyer(page, account.email, account.password);
  await at(page, '/portal/my-account', 10_000);
  await page.getByRole('tab', { name: 'Support' }).click();
  const card = page.getByRole('region', { name: 'Talk to our support team' });
  await see(card.getByRole('link', { name: PHONE }));
  await see(card.getByRole('link', { name: EMAIL }));
  await snap(page, 'week-10-support-contact-after');
});
