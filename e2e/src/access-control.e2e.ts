/** A signed-out visitor and a rejected account are kept out of /portal and /admin. */
import { expect } from 'vitest';
import { journey } from './support/journey';
import { snap } from './support/screens';
import { at, see, seeToast, submitSignIn } from './support/ui';

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

j.step("a rejected account is signed out at /login with 'Account Pending'", async () => {
  const { page } = await j.person('rejected');
  await page.goto('/login');
  await submitSignIn(page, 'rejected@demo.test');
  await seeToast(page, 'Account Pending');
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
