/**
 * A signed-out visitor and a rejected account are kept out of /portal and /admin; a buyer whose
 * session ends in another tab is told so and brought back after signing in again; a buyer who
 * cannot reach Firestore gets a failure with Retry, not the sign-in page.
 */
import { expect } from 'vitest';
import { createApprovedBuyer } from './support/accounts';
import { journey } from './support/journey';
import { snap } from './support/screens';
import { at, see, seeToast, signInBuyer, submitSignIn } from './support/ui';

const j = journey('access-control');
const PORTAL_PAGES = ['/portal/store', '/portal/cart', '/portal/my-account', '/portal'];

j.step('a signed-out visitor is sent to /login from every portal page', async () => {
  const { page } = await j.person('visitor');
  for (const path of PORTAL_PAGES) {
    await page.goto(path);
    await at(page, '/login');
    await see(page.getByRole('heading', { name: 'Portal Access' }));
  }
});

j.step('a signed-out visitor is sent from /admin to /admin/login', async () => {
  const { page } = await j.person('visitor-admin');
  await page.goto('/admin');
  await seeToast(page, 'Access Denied', "You don't have manager privileges");
  await at(page, '/admin/login');
  await see(page.getByRole('heading', { name: 'Admin Login' }));
  await expect.poll(() => page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
});

j.step("a rejected account is signed out at /login with 'Account Not Approved'", async () => {
  const { page } = await j.person('rejected');
  await page.goto('/login');
  await submitSignIn(page, 'rejected@demo.test');
  await seeToast(page, 'Account Not Approved');
  expect(new URL(page.url()).pathname).toBe('/login');
  for (const path of PORTAL_PAGES) {
    await page.goto(path);
    await at(page, '/login');
  }
});

j.step("a rejected account is refused at /admin/login and /admin: 'Access Denied'", async () => {
  const { page } = await j.person('rejected-admin');
  await page.goto('/admin/login');
  await submitSignIn(page, 'rejected@demo.test');
  await seeToast(page, 'Access Denied', "You don't have admin privileges");
  await snap(page, 'admin-login-access-denied');
  expect(new URL(page.url()).pathname).toBe('/admin/login');
  await page.goto('/admin');
  await seeToast(page, 'Access Denied', "You don't have manager privileges");
  await at(page, '/admin/login');
  expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
});

j.step('an approved retailer is refused at /admin too', async () => {
  const { page } = await j.person('retailer-admin');
  await page.goto('/admin/login');
  await submitSignIn(page, 'retailer@demo.test');
  await seeToast(page, 'Access Denied', "You don't have admin privileges");
  expect(new URL(page.url()).pathname).toBe('/admin/login');
});

j.step(
  'a buyer signed out in another tab is told the session expired, and comes back to the page after signing in',
  async () => {
    const account = await createApprovedBuyer(j.stack, 'retailer', 'expired');
    const { page, context } = await j.person('buyer-two-tabs');
    await signInBuyer(page, account.email, account.password);
    await page.goto('/portal/cart');
    await see(page.getByRole('heading', { name: 'Your Cart', level: 1 }));
    const other = await context.newPage();
    await other.goto('/portal/store');
    await see(other.getByRole('heading', { name: 'VIP Product Catalog' }));
    await other.getByRole('button', { name: 'Logout' }).click();
    await at(other, '/login');
    // The first tab hears Firebase Auth drop the user: not a visitor, a session that ended.
    await at(page, '/login');
    expect(new URL(page.url()).search).toBe(`?next=${encodeURIComponent('/portal/cart')}`);
    await see(page.getByText('Your session has expired. Please sign in again.'));
    await snap(page, 'login-session-expired');
    await submitSignIn(page, account.email, account.password);
    await at(page, '/portal/cart');
    await see(page.getByRole('heading', { name: 'Your Cart', level: 1 }));
    // The tab that logged out on purpose says nothing of an expired session.
    expect(await other.getByText('Your session has expired. Please sign in again.').count()).toBe(
      0,
    );
    await other.close();
  },
);

j.step(
  "a signed-in buyer who cannot reach Firestore sees 'We can't reach the server right now.' with Retry, and stays signed in",
  async () => {
    const account = await createApprovedBuyer(j.stack, 'retailer', 'offline');
    const { page } = await j.person('buyer-offline');
    await signInBuyer(page, account.email, account.password);
    // Every Firestore request of this page fails as on a dropped connection; Auth still answers.
    const firestore = `${new URL(j.stack.urls.firestore).origin}/**`;
    await page.route(firestore, (route) => route.abort('internetdisconnected'));
    await page.goto('/portal/my-account');
    // The profile read fails after its retries (about 15 s): a failure with Retry, never /login.
    const alert = await see(
      page.getByRole('alert').filter({ hasText: "We can't reach the server right now." }),
      60_000,
    );
    await see(alert.getByText('Check your connection, then try again.'));
    expect(new URL(page.url()).pathname).toBe('/portal/my-account');
    await snap(page, 'server-unreachable');
    await page.unroute(firestore);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await see(page.getByRole('heading', { name: 'My Account', level: 1 }), 30_000);
    expect(new URL(page.url()).pathname).toBe('/portal/my-account');
  },
  120_000,
);
