/**
 * Layout at phone width and on touch screens, measured in Chromium (the unit tests' DOM has no
 * layout): the portal header with a 60-character store name (one line, cut with an ellipsis,
 * same height as with a short name) and a cart of 125 units in 3 lines (the badge, counting
 * lines, inside the cart link); the cart's quantity, price and total columns lining up from line to line; every control
 * of the buyer's pages and the managers' orders, companies, catalog and company page at least 44 x 44
 * px on a touch phone (and on a touch tablet); the managers' card buttons 8 px apart and
 * inside their card; a visible focus ring on a button, a link and a field, and reduced motion
 * turning transitions and antd's motion off. A fresh retailer whose profile and cart are
 * written directly; the demo retailer's order history and the demo manager's screens are only
 * looked at. Touch layout: a coarse pointer or a screen under 640 px
 * (web/src/lib/use-media-query.ts).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import { settle } from './support/a11y';
import { patchDocument, writeCart, writeDocuments } from './support/firestore-admin';
import { DESKTOP, journey, PHONE, type Person } from './support/journey';
import {
  boxOf,
  crowdedControls,
  focusRing,
  horizontalOverflow,
  lineCount,
  longestMotionMs,
  smallTapTargets,
  transitionsDone,
} from './support/layout';
import { snap } from './support/screens';
import { openInApp, productCard, see, signInBuyer, signInManager } from './support/ui';

const j = journey('phone-layout', { motion: true });
const TOUCH_PHONE = { viewport: PHONE, hasTouch: true, isMobile: true };
const TABLET = { width: 1024, height: 768 };
const MIDDLE = { width: 700, height: 900 };
/** 60 characters: more than the header has room for on a phone or a small tablet (it fits at 1280 px). */
const LONG_NAME = 'The Extraordinarily Long-Named Slush & Smoke Emporium of L.A.';
const SHORT_NAME = 'Slush Stop';
// 125 units in three lines: the badge reads 3 (lines, not units). The products are ones no journey deactivates.
const CART = [
  { id: 'blue-coast', name: 'Blue Coast Syrup', quantity: 120 },
  { id: 'slushie-machine-triple', name: 'Slushie Machine, Triple Bowl', quantity: 3 },
  { id: 'syrup-variety-pack', name: 'Syrup Variety Pack', quantity: 2 },
];

let account: TestBuyer;
let buyer: Person;
let buyerTouch: Person;

async function writeProfile(storeName: string): Promise<void> {
  const now = new Date();
  await writeDocuments(
    j.stack,
    new Map([
      [
        `profiles/${account.uid}`,
        {
          user_id: account.uid,
          full_name: account.fullName,
          store_name: storeName,
          seller_permit_id: account.sellerPermitId,
          role: account.role,
          status: 'approved',
          created_at: now,
          reviewed_at: now,
          reviewed_by: 'demo-manager',
          // The owner of the company createApprovedBuyer made (its id is the buyer's uid).
          company_id: account.uid,
          company_role: 'owner',
          location_ids: [],
        },
      ],
    ]),
  );
  // The company's name is the store name (the company page's heading); the rename's trigger
  // copies it onto the profile, which already has it.
  await patchDocument(j.stack, `companies/${account.uid}`, { name: storeName });
}

async function atSize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await settle(page);
  await transitionsDone(page);
}

/** The header's height and its store name's lines, at each width. */
async function headerAt(
  page: Page,
  widths: { width: number; height: number }[],
): Promise<Record<number, { height: number; lines: number }>> {
  const out: Record<number, { height: number; lines: number }> = {};
  for (const size of widths) {
    await atSize(page, size);
    const name = page.locator('.portal-header__store');
    out[size.width] = {
      height: (await boxOf(page.locator('.portal-header'))).height,
      lines: await lineCount(name),
    };
  }
  await atSize(page, DESKTOP);
  return out;
}

/** True when `inner` lies within `outer` (half a pixel of rounding allowed). */
function inside(
  inner: { x: number; y: number; width: number; height: number },
  outer: { x: number; y: number; width: number; height: number },
): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

/** Opens `path`, waits for `ready`, and lists the controls under 44 x 44 px there. */
async function smallOn(
  page: Page,
  path: string,
  ready: (page: Page) => Locator,
): Promise<string[]> {
  await openInApp(page, path);
  await see(ready(page), 60_000);
  await settle(page);
  await transitionsDone(page);
  return (await smallTapTargets(page)).map((line) => `${path}: ${line}`);
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `page width ${where}`).toBeLessThanOrEqual(clientWidth);
}

/** The open tab of a page opened on it (by its URL) is wholly on screen, not scrolled away. */
async function expectOpenTabInView(page: Page, where: string): Promise<void> {
  const tab = await boxOf(page.getByRole('tablist').getByRole('tab', { selected: true }));
  const width = page.viewportSize()?.width ?? 0;
  expect(tab.x, `${where}: the open tab starts off screen`).toBeGreaterThanOrEqual(0);
  expect(tab.x + tab.width, `${where}: the open tab runs off screen`).toBeLessThanOrEqual(width);
}

/** Presses Tab, then focuses `target` (keyboard modality: the browser shows :focus-visible). */
async function keyboardFocus(page: Page, target: Locator): Promise<void> {
  await page.keyboard.press('Tab');
  await target.focus();
  expect(await target.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
}

j.step(
  'a 60-character store name stays on one line, cut with an ellipsis, and the header keeps its height',
  async () => {
    account = await createApprovedBuyer(j.stack, 'retailer', 'phone');
    await writeProfile(LONG_NAME);
    await writeCart(j.stack, account.uid, CART);
    buyer = await j.person('buyer');
    const { page } = buyer;
    // The dev server compiles the sign-in page on its first request: give it time once.
    await page.goto('/login');
    await see(page.getByRole('heading', { name: 'Portal Access' }), 60_000);
    await signInBuyer(page, account.email);
    await openInApp(page, '/portal/cart');
    await see(page.getByRole('heading', { name: 'Order Summary' }));
    // The whole name is the link's accessible name and its title (the tooltip).
    const name = page.getByRole('link', { name: LONG_NAME, exact: true });
    await see(name);
    expect(await name.getAttribute('title')).toBe(LONG_NAME);
    const widths = [PHONE, MIDDLE, DESKTOP];
    const long = await headerAt(page, widths);
    for (const size of widths) {
      await atSize(page, size);
      // Cut, not wrapped: where the name is wider than its box, it ends in an ellipsis.
      const cut = await name.evaluate((el) => ({
        overflow: getComputedStyle(el).textOverflow,
        cut: el.scrollWidth > el.clientWidth,
      }));
      expect(cut, `at ${size.width} px`).toEqual({
        overflow: 'ellipsis',
        cut: size.width < DESKTOP.width,
      });
      await expectNoSidewaysScroll(page, `at ${size.width} px`);
    }
    await atSize(page, DESKTOP);
    await snap(page, 'cart-long-store-name');

    await writeProfile(SHORT_NAME);
    await page.reload();
    await see(page.getByRole('link', { name: SHORT_NAME, exact: true }));
    const short = await headerAt(page, widths);
    for (const size of widths) {
      expect(long[size.width]?.lines, `long name at ${size.width} px`).toBe(1);
      expect(short[size.width]?.lines, `short name at ${size.width} px`).toBe(1);
      expect(long[size.width]?.height, `header at ${size.width} px`).toBe(
        short[size.width]?.height,
      );
    }
    await writeProfile(LONG_NAME);
    await page.reload();
    await see(page.getByRole('link', { name: LONG_NAME, exact: true }));
  },
  240_000,
);

j.step(
  'with 125 units in 3 lines the badge reads 3 and sits inside the cart link, clear of the other header controls',
  async () => {
    const { page } = buyer;
    const nav = page.getByRole('navigation', { name: 'Portal' });
    // The badge counts lines (3), not units (125).
    const cart = nav.getByRole('link', { name: 'Cart, 3 lines' });
    await see(cart);
    const badge = cart.locator('.portal-header__count');
    for (const size of [PHONE, MIDDLE, DESKTOP]) {
      await atSize(page, size);
      expect(await badge.innerText()).toBe('3');
      const cartBox = await boxOf(cart);
      const badgeBox = await boxOf(badge);
      expect(
        inside(badgeBox, cartBox),
        `badge ${JSON.stringify(badgeBox)} in link ${JSON.stringify(cartBox)} at ${size.width} px`,
      ).toBe(true);
      for (const other of ['Quick Order', 'My Account', 'Logout']) {
        const otherBox = await boxOf(
          nav.getByRole(other === 'Logout' ? 'button' : 'link', { name: other }),
        );
        expect(overlap(badgeBox, otherBox), `badge over ${other} at ${size.width} px`).toBe(false);
        expect(overlap(cartBox, otherBox), `cart link over ${other} at ${size.width} px`).toBe(
          false,
        );
      }
    }
    await atSize(page, DESKTOP);
  },
);

j.step(
  'the cart lines keep quantity, unit price and total in the same columns at 390 px and 1280 px',
  async () => {
    const { page } = buyer;
    for (const size of [PHONE, DESKTOP]) {
      await atSize(page, size);
      const columns = [];
      for (const line of CART) {
        const row = page.getByRole('article', { name: line.name });
        columns.push({
          quantity: (await boxOf(row.getByRole('group', { name: `Quantity of ${line.name}` }))).x,
          price: (await boxOf(row.locator('.cart-line__unit'))).x,
          totalLeft: (await boxOf(row.locator('.cart-line__total'))).x,
          totalRight: await row
            .locator('.cart-line__total')
            .evaluate((el) => el.getBoundingClientRect().right),
          remove: (await boxOf(row.getByRole('button', { name: `Remove ${line.name}` }))).x,
        });
      }
      const [first, ...others] = columns;
      for (const other of others) {
        for (const key of Object.keys(first ?? {}) as (keyof NonNullable<typeof first>)[]) {
          expect(
            Math.abs(Number(other[key]) - Number(first?.[key])),
            `${key} at ${size.width} px: ${JSON.stringify(columns)}`,
          ).toBeLessThanOrEqual(1);
        }
      }
      await expectNoSidewaysScroll(page, `at ${size.width} px`);
    }
    await atSize(page, DESKTOP);
  },
);

j.step(
  'on a touch phone every control of the store, product, quick order, cart and My Account is at least 44 x 44 px',
  async () => {
    buyerTouch = await j.person('buyer-touch', TOUCH_PHONE);
    const { page } = buyerTouch;
    expect(await page.evaluate('matchMedia("(pointer: coarse)").matches')).toBe(true);
    await signInBuyer(page, account.email);
    const small = [
      ...(await smallOn(page, '/portal/store', (p) => productCard(p, 'Blue Coast Syrup'))),
      ...(await smallOn(page, '/portal/products/blue-coast', (p) =>
        p.getByRole('heading', { level: 1, name: 'Blue Coast Syrup' }),
      )),
      ...(await smallOn(page, '/portal/quick-order', (p) =>
        p.getByRole('heading', { level: 1, name: 'Quick Order' }),
      )),
      ...(await smallOn(page, '/portal/cart', (p) =>
        p.getByRole('heading', { name: 'Order Summary' }),
      )),
      ...(await smallOn(page, '/portal/my-account', (p) => p.getByRole('tab', { name: 'Orders' }))),
      ...(await smallOn(page, '/portal/my-account?tab=standing-orders', (p) =>
        p.getByText(/No standing orders/),
      )),
      ...(await smallOn(page, '/portal/my-account?tab=profile', (p) =>
        p.getByRole('button', { name: 'Update Profile' }),
      )),
    ];
    // A touch tablet: the coarse pointer alone makes it a touch layout.
    await atSize(page, TABLET);
    small.push(
      ...(
        await smallOn(page, '/portal/cart', (p) =>
          p.getByRole('heading', { name: 'Order Summary' }),
        )
      ).map((line) => `1024 px ${line}`),
    );
    expect(small, `controls under 44 x 44 px:\n${small.join('\n')}`).toEqual([]);
  },
  180_000,
);

j.step(
  "on a touch phone the demo retailer's order history (orders with their actions) has 44 px controls",
  async () => {
    // Only looks: the reorder journey relies on this account's cart, which nothing here touches.
    const { page } = await j.person('retailer-touch', TOUCH_PHONE);
    await signInBuyer(page, 'retailer@demo.test');
    const small = await smallOn(page, '/portal/my-account', (p) => p.getByText('#Kt3vB8nW'));
    expect(small, `controls under 44 x 44 px:\n${small.join('\n')}`).toEqual([]);
    expect(await crowdedControls(page, '.order-card')).toEqual([]);
  },
  120_000,
);

j.step(
  "on a touch phone the managers' orders, companies, catalog and company page have 44 px controls, card buttons 8 px apart inside their card",
  async () => {
    const { page } = await j.person('manager-touch', TOUCH_PHONE);
    await signInManager(page);
    const small: string[] = [];
    const crowded: string[] = [];
    const cards = (p: Page) => p.getByRole('article').first();
    for (const [path, ready] of [
      ['/admin?tab=orders', cards],
      ['/admin?tab=companies', cards],
      ['/admin?tab=catalog', (p: Page) => p.getByRole('button', { name: 'Edit Blue Coast Syrup' })],
      ['/admin?tab=tutorials', cards],
    ] as const) {
      small.push(...(await smallOn(page, path, ready)));
      await expectOpenTabInView(page, path);
      crowded.push(
        ...(await crowdedControls(page, '[role=article]')).map((line) => `${path}: ${line}`),
      );
      await expectNoSidewaysScroll(page, path);
    }
    small.push(
      ...(await smallOn(page, `/admin/companies/${account.uid}`, (p) =>
        p.getByRole('heading', { level: 1, name: LONG_NAME }),
      )),
    );
    crowded.push(...(await crowdedControls(page, '.admin-store__head')));
    expect(small, `controls under 44 x 44 px:\n${small.join('\n')}`).toEqual([]);
    expect(crowded, `crowded controls:\n${crowded.join('\n')}`).toEqual([]);
  },
  240_000,
);

j.step(
  'the catalog cards of a phone-width window (a mouse, not touch) keep Edit and Deactivate 8 px apart',
  async () => {
    const { page } = await j.person('manager');
    await signInManager(page);
    await openInApp(page, '/admin?tab=catalog');
    await see(page.getByRole('button', { name: 'Edit Blue Coast Syrup' }), 60_000);
    await atSize(page, PHONE);
    await see(page.getByRole('article', { name: 'Blue Coast Syrup' }));
    const edit = await boxOf(page.getByRole('button', { name: 'Edit Blue Coast Syrup' }));
    const toggle = await boxOf(page.getByRole('button', { name: 'Deactivate Blue Coast Syrup' }));
    expect(toggle.x - (edit.x + edit.width)).toBeGreaterThanOrEqual(8);
    expect(await crowdedControls(page, '[role=article]')).toEqual([]);
    await atSize(page, DESKTOP);
    await snap(page, 'admin-catalog');
  },
  180_000,
);

j.step(
  "keyboard focus draws a ring at 3:1 on the cart's button, link and field; reduced motion turns transitions off, live",
  async () => {
    const { page } = buyer;
    await atSize(page, DESKTOP);
    const rings: Record<string, { style: string; width: number; contrast: number }> = {};
    const checkout = page.getByRole('button', { name: 'Proceed to Checkout' });
    await keyboardFocus(page, checkout);
    rings.button = await focusRing(checkout);
    const back = page.getByRole('link', { name: 'Continue Shopping' });
    await keyboardFocus(page, back);
    rings.link = await focusRing(back);
    const quantity = page.getByRole('textbox', { name: `Quantity of ${CART[0]?.name}` });
    await keyboardFocus(page, quantity);
    rings.field = await focusRing(quantity);
    for (const [what, ring] of Object.entries(rings)) {
      expect(ring.style, what).not.toBe('none');
      expect(ring.width, what).toBeGreaterThanOrEqual(2);
      expect(ring.contrast, `${what}: ${JSON.stringify(ring)}`).toBeGreaterThanOrEqual(3);
    }

    // Reduced motion: no transition runs (the button is the shop's own, in antd's look; antd's
    // motion token is checked in web/src/app/providers.test.tsx); back on when it is lifted.
    expect(await longestMotionMs(checkout)).toBeGreaterThan(0);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => longestMotionMs(checkout)).toBeLessThanOrEqual(0.01);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(() => longestMotionMs(checkout)).toBeGreaterThan(0);
  },
);

j.step(
  "on a touch phone My Account's Support tab (Watch Tutorial links) has 44 px controls",
  async () => {
    const { page } = buyerTouch;
    await atSize(page, PHONE);
    const small = await smallOn(page, '/portal/my-account?tab=support', (p) =>
      p.getByRole('link', { name: /^Watch Tutorial/ }),
    );
    await expectOpenTabInView(page, '/portal/my-account?tab=support');
    expect(small, `controls under 44 x 44 px:\n${small.join('\n')}`).toEqual([]);
  },
);
