/**
 * A returning buyer or manager sees their last view at once while Firebase Auth checks the saved
 * session with the server (web/src/lib/last-view.ts): the check is held back here (the Auth
 * emulator's accounts:lookup waits) to show the page does not wait for it. Logout forgets the
 * view; a session the server no longer knows sends the person to sign in and forgets it too.
 */
import { expect } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { createApprovedBuyer } from './support/accounts';
import { journey } from './support/journey';
import { snap } from './support/screens';
import { at, productCard, see, signInBuyer, signInManager } from './support/ui';

const j = journey('last-view');
const LAST_VIEW_KEY = 'portal.last-view';
const LOOKUP = '**/accounts:lookup**';

/** Holds Firebase Auth's session check (accounts:lookup) until `release` is called. */
async function holdSessionCheck(page: Page) {
  const held: Route[] = [];
  let releasing = false;
  await page.route(LOOKUP, async (route) => {
    if (releasing) return route.continue();
    held.push(route);
  });
  return {
    held: () => held.length,
    async release() {
      releasing = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.unroute(LOOKUP);
    },
    async refuse() {
      releasing = true;
      // What Identity Toolkit answers for an account that no longer exists.
      const body = JSON.stringify({ error: { code: 400, message: 'USER_NOT_FOUND', errors: [] } });
      await Promise.all(
        held.map((route) => route.fulfill({ status: 400, contentType: 'application/json', body })),
      );
      await page.unroute(LOOKUP);
    },
  };
}

const keptView = (page: Page) => page.evaluate((key) => localStorage.getItem(key), LAST_VIEW_KEY);
const keptAccount = async (page: Page) => {
  const text = await keptView(page);
  return text ? (JSON.parse(text) as { account: { kind: string; email: string } }).account : null;
};

j.step(
  "a returning buyer's store shows from the last view before the session check answers",
  async () => {
    const buyer = await createApprovedBuyer(j.stack, 'retailer', 'last-view');
    const { page } = await j.person('returning-buyer');
    await signInBuyer(page, buyer.email, buyer.password);
    await page.goto('/portal/store');
    await see(page.getByRole('heading', { name: 'VIP Product Catalog' }));
    await see(productCard(page, 'Purple Dream Syrup'));
    await expect
      .poll(() => keptAccount(page))
      .toEqual({ kind: 'buyer', uid: buyer.uid, email: buyer.email });

    const check = await holdSessionCheck(page);
    await page.reload();
    await see(productCard(page, 'Purple Dream Syrup'));
    await see(page.getByRole('link', { name: /^Cart, \d+ lines?$/ }));
    // The check starts after the first paint; the page stays while it is held, with no
    // "Checking your access" in its place.
    await expect.poll(() => check.held()).toBeGreaterThan(0);
    await see(productCard(page, 'Purple Dream Syrup'));
    expect(await page.getByText('Checking your access').count()).toBe(0);
    await snap(page, 'last-view-store');
    await check.release();
    // The check answers: the same page stays, and reads afresh.
    await page.waitForLoadState('networkidle');
    await at(page, '/portal/store');
    await see(productCard(page, 'Purple Dream Syrup'));

    // Logout forgets the view: the next visit starts at the sign-in page.
    await page.getByRole('button', { name: 'Logout' }).click();
    await at(page, '/login');
    expect(await keptView(page)).toBeNull();
    await page.goto('/portal/store');
    await at(page, '/login');
    expect(await productCard(page, 'Purple Dream Syrup').count()).toBe(0);
  },
);

j.step(
  "a buyer's first visit on a device asks for the store's first pictures as soon as the catalog comes",
  async () => {
    const buyer = await createApprovedBuyer(j.stack, 'retailer', 'first-visit');
    const { page } = await j.person('first-visit-buyer');
    await signInBuyer(page, buyer.email, buyer.password);
    // A first visit: no last view on the device (taken away before the app's code runs) and
    // nothing in the browser's caches, so the pictures are fetched by whoever asks first.
    await page.addInitScript((key) => localStorage.removeItem(key), LAST_VIEW_KEY);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto('/portal/store');
    const picture = page.locator('.product-card img').first();
    await see(picture);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const fetched = await picture.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      by: performance
        .getEntriesByName(img.currentSrc)
        .map((entry) =>
          entry instanceof PerformanceResourceTiming ? entry.initiatorType : entry.entryType,
        ),
      preloads: [
        ...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'),
      ].map((link) => link.href),
    }));
    // The route loader asked for it (a <link rel="preload">) when the catalog came, before the
    // card's <img> was drawn: the picture was fetched once, by the link.
    expect(fetched.preloads).toContain(fetched.src);
    expect(fetched.by).toEqual(['link']);
    await cdp.detach();
  },
);

j.step(
  'a session the server no longer knows ends at the sign-in page, and the view is forgotten',
  async () => {
    const buyer = await createApprovedBuyer(j.stack, 'retailer', 'last-view-gone');
    const { page } = await j.person('gone-buyer');
    await signInBuyer(page, buyer.email, buyer.password);
    await page.goto('/portal/cart');
    await see(page.getByRole('heading', { name: 'Your Cart', level: 1 }));
    await expect.poll(() => keptAccount(page)).not.toBeNull();

    const check = await holdSessionCheck(page);
    await page.reload();
    await see(page.getByRole('heading', { name: 'Your Cart', level: 1 }));
    await expect.poll(() => check.held()).toBeGreaterThan(0);
    await check.refuse();
    await at(page, '/login');
    expect(new URL(page.url()).search).toBe(`?next=${encodeURIComponent('/portal/cart')}`);
    expect(await keptView(page)).toBeNull();
  },
);

j.step(
  "a returning manager's dashboard shows from the last view before the session check answers",
  async () => {
    const { page } = await j.person('returning-manager');
    await signInManager(page);
    await see(
      page
        .getByRole('table', { name: /Orders/ })
        .or(page.getByRole('list', { name: /Orders/ }))
        .first(),
    );
    await expect.poll(async () => (await keptAccount(page))?.kind).toBe('manager');

    const check = await holdSessionCheck(page);
    await page.reload();
    await see(page.getByRole('heading', { name: 'Admin Dashboard' }));
    await expect.poll(() => check.held()).toBeGreaterThan(0);
    await see(page.getByRole('heading', { name: 'Recent Orders' }));
    expect(await page.getByText('Checking access').count()).toBe(0);
    await check.release();
    await at(page, '/admin');
    await see(page.getByRole('heading', { name: 'Admin Dashboard' }));
  },
);

/** Opens the app as on a device that keeps no last view: the app finds none when it starts. */
async function withoutLastView(page: Page) {
  await page.addInitScript((key) => localStorage.removeItem(key), LAST_VIEW_KEY);
}

j.step(
  "a first visit on a device draws the buyer's page before the session check answers, and reads nothing until it has",
  async () => {
    const buyer = await createApprovedBuyer(j.stack, 'retailer', 'first-visit');
    const { page } = await j.person('first-visit-buyer');
    await signInBuyer(page, buyer.email, buyer.password);
    await page.goto('/portal/my-account');
    await see(page.getByRole('heading', { name: 'My Account', level: 1 }));

    await withoutLastView(page);
    const firestoreReads: string[] = [];
    // Counted from the reloaded document on: a read the page before it still had under way (a
    // clean-clone run, on a busy CPU) is not this visit's.
    let reloaded = false;
    page.once('framenavigated', () => (reloaded = true));
    page.on('request', (request) => {
      // Firestore Lite's reads and the full SDK's live listeners alike.
      if (reloaded && request.url().includes('/databases/')) firestoreReads.push(request.url());
    });
    const check = await holdSessionCheck(page);
    await page.reload();
    // The page's frame and heading while Auth's check is held, with "Checking your access" read
    // out (not drawn in the page's place).
    await see(page.getByRole('heading', { name: 'My Account', level: 1 }));
    await expect.poll(() => check.held()).toBeGreaterThan(0);
    expect(await page.getByRole('status').filter({ hasText: 'Checking your access' }).count()).toBe(
      1,
    );
    expect(firestoreReads).toEqual([]);
    await snap(page, 'first-visit-account-held');
    await check.release();
    // The check answers: the buyer's own data fills the same page.
    await see(page.getByText(buyer.storeName).first());
    await at(page, '/portal/my-account');
    expect(firestoreReads.length).toBeGreaterThan(0);
  },
);

j.step(
  "a first visit on a device draws the manager's dashboard before the session check answers",
  async () => {
    const { page } = await j.person('first-visit-manager');
    await signInManager(page);
    await see(page.getByRole('heading', { name: 'Admin Dashboard' }));
    await withoutLastView(page);
    const check = await holdSessionCheck(page);
    await page.goto('/admin?tab=overview');
    await see(page.getByRole('heading', { name: 'Admin Dashboard' }));
    await expect.poll(() => check.held()).toBeGreaterThan(0);
    expect(await page.getByRole('status').filter({ hasText: 'Checking access' }).count()).toBe(1);
    expect(await page.getByText('manager@demo.test').count()).toBe(0);
    await snap(page, 'first-visit-dashboard-held');
    await check.release();
    await see(page.getByText('manager@demo.test'));
    await at(page, '/admin');
  },
);
