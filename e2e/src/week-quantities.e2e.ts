/**
 * Quantities and layout from a week of real use, measured in Chromium: a typed cart quantity that
 * breaks a case pack is offered "round up … or down …" and changes nothing until the buyer chooses;
 * quick order adds the valid lines and holds back only the bad ones; the cart badge counts lines;
 * the admin Catalog fits 1280 px with Stock, Edit and Deactivate in view; the phone's tab strips
 * show that they scroll (a fade and an arrow at the cut edge); the phone header's icons carry
 * visible labels. A fresh retailer whose cart is written directly; the demo manager's screens are
 * only looked at.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import { settle } from './support/a11y';
import { readDocument, writeCart } from './support/firestore-admin';
import { DESKTOP, journey, PHONE, type Person } from './support/journey';
import { boxOf, horizontalOverflow, transitionsDone } from './support/layout';
import { snap } from './support/screens';
import { openInApp, see, seeText, signInBuyer, signInManager, usd } from './support/ui';

const j = journey('week-quantities');
const CUPS = { id: 'slush-cups-16oz', name: 'Slush Cups, 16 oz (sleeve of 50)', unit: 650 };
// Three lines, 142 units: the badge says 3.
const CART = [
  { id: 'blue-coast', quantity: 120 },
  { id: CUPS.id, quantity: 20 },
  { id: 'syrup-variety-pack', quantity: 2 },
];
let account: TestBuyer;
let buyer: Person;

async function atSize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await settle(page);
  await transitionsDone(page);
}

async function cartQuantity(productId: string): Promise<unknown> {
  return (await readDocument(j.stack, `profiles/${account.uid}/cart_items/${productId}`))?.quantity;
}

/** The page's tab strip: whether each end fades, and whether its arrow is drawn in view. */
async function strip(page: Page) {
  return page.evaluate(`(() => {
    const strip = document.querySelector('.page-tabs__strip');
    const list = strip.querySelector('[role=tablist]');
    const fade = (which) => {
      const style = getComputedStyle(strip, which);
      return style.content !== 'none' && parseFloat(style.width) > 0;
    };
    const arrow = (which) => {
      const el = strip.querySelector('.page-tabs__arrow--' + which);
      if (!el) return false;
      const box = el.getBoundingClientRect();
      return box.width >= 44 && box.height >= 44 && box.left >= 0 && box.right <= document.documentElement.clientWidth;
    };
    return {
      overflows: list.scrollWidth > list.clientWidth,
      startFade: fade('::before'),
      endFade: fade('::after'),
      startArrow: arrow('start'),
      endArrow: arrow('end'),
      scrollLeft: list.scrollLeft,
    };
  })()`) as Promise<{
    overflows: boolean;
    startFade: boolean;
    endFade: boolean;
    startArrow: boolean;
    endArrow: boolean;
    scrollLeft: number;
  }>;
}

/** At 390 px the strip fades and shows an arrow at its cut end; the arrow and End scroll it. */
async function expectScrollingTabs(page: Page, where: string): Promise<void> {
  await atSize(page, PHONE);
  await expect
    .poll(() => strip(page), { message: where })
    .toMatchObject({
      overflows: true,
      startFade: false,
      endFade: true,
      startArrow: false,
      endArrow: true,
    });
  await page.locator('.page-tabs__arrow--end').click();
  await expect
    .poll(() => strip(page), { message: `${where} after the arrow` })
    .toMatchObject({ startFade: true, startArrow: true });
  expect((await strip(page)).scrollLeft).toBeGreaterThan(0);
  // The keyboard reaches the last tab, and the fade follows: nothing is cut at the end.
  await page.getByRole('tab', { selected: true }).focus();
  await page.keyboard.press('End');
  await expect
    .poll(() => strip(page), { message: `${where} after End` })
    .toMatchObject({ endFade: false, endArrow: false, startFade: true });
}

j.step(
  'the cart badge counts lines: 3 lines of 142 units read "Cart, 3 lines"',
  async () => {
    account = await createApprovedBuyer(j.stack, 'retailer', 'week-quantities');
    await writeCart(j.stack, account.uid, CART);
    buyer = await j.person('buyer');
    const { page } = buyer;
    // The dev server compiles the sign-in page on its first request: give it time once.
    await page.goto('/login');
    await see(page.getByRole('heading', { name: 'Portal Access' }), 120_000);
    await signInBuyer(page, account.email);
    await openInApp(page, '/portal/cart');
    await see(page.getByRole('heading', { name: 'Order Summary' }));
    const cart = page
      .getByRole('navigation', { name: 'Portal' })
      .getByRole('link', { name: 'Cart, 3 lines' });
    await see(cart);
    expect(await cart.locator('.portal-header__count').innerText()).toBe('3');
    await snap(page, 'week-12-cart-badge-lines-after');
  },
  300_000,
);

j.step(
  'a typed 30 in cases of 20 is offered "round up to 40 (2 cases) or down to 20" and changes nothing until chosen',
  async () => {
    const { page } = buyer;
    const line = page.getByRole('article', { name: CUPS.name });
    const field = line.getByRole('textbox', { name: `Quantity of ${CUPS.name}` });
    await field.fill('30');
    await field.press('Enter');
    // The two choices are buttons inside the sentence (innerText breaks around them).
    const offer = line.getByRole('status');
    await seeText(
      offer,
      /Sold in cases of 20:\s*round up to 40 \(2 cases\)\s*or\s*down to 20\s*\./,
    );
    expect((await offer.textContent())?.replace(/\s+/g, ' ')).toBe(
      'Sold in cases of 20: round up to 40 (2 cases) or down to 20.',
    );
    await seeText(line, usd(20 * CUPS.unit));
    expect(await cartQuantity(CUPS.id)).toBe(20);
    await snap(page, 'week-12-case-pack-rounding-after');
    await line.getByRole('button', { name: 'round up to 40 (2 cases)' }).click();
    await expect.poll(() => cartQuantity(CUPS.id)).toBe(40);
    await expect.poll(() => field.inputValue()).toBe('40');
    expect(await line.getByRole('status').count()).toBe(0);
  },
  180_000,
);

j.step(
  'quick order adds the valid line and holds back the unknown SKU and the out-of-stock lids',
  async () => {
    const { page } = buyer;
    await openInApp(page, '/portal/quick-order');
    const field = page.getByLabel('SKUs and quantities');
    await field.fill('SYR-RED 4\nBOGUS-1 5\nLID-16OZ 20');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await seeText(
      page.getByRole('status').filter({ hasText: 'to your cart' }),
      'Added 1 product to your cart.',
    );
    const held = page
      .getByRole('alert')
      .filter({ hasText: 'Not added yet: fix these lines and add them again.' });
    await seeText(held, /Line 1: Unknown SKU BOGUS-1/);
    await seeText(held, /Line 2: .*out of stock/);
    expect(await field.inputValue()).toBe('BOGUS-1 5\nLID-16OZ 20');
    await expect.poll(() => cartQuantity('red-rush')).toBe(4);
    expect(await cartQuantity('dome-lids-16oz')).toBeUndefined();
    await see(
      page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Cart, 4 lines' }),
    );
    await snap(page, 'week-12-quick-order-partial-after');
  },
  180_000,
);

j.step(
  'the phone header shows a visible label under each icon, all inside 390 px',
  async () => {
    const { page } = buyer;
    await openInApp(page, '/portal/store');
    await see(page.getByRole('heading', { name: 'VIP Product Catalog' }));
    await atSize(page, PHONE);
    const nav = page.getByRole('navigation', { name: 'Portal' });
    const boxes = [];
    for (const [role, name, label] of [
      ['link', 'Quick Order', 'Quick Order'],
      ['link', 'Cart, 4 lines', 'Cart'],
      ['link', 'My Account', 'Account'],
      ['button', 'Logout', 'Logout'],
    ] as const) {
      const control = nav.getByRole(role, { name, exact: true });
      const text = control.locator('.portal-header__label--phone');
      expect(await text.innerText(), name).toBe(label);
      const box = await boxOf(text);
      expect(box.height, `${label} drawn`).toBeGreaterThan(8);
      expect(box.x + box.width, `${label} inside the screen`).toBeLessThanOrEqual(PHONE.width);
      const own = await boxOf(control);
      expect(own.width, `${name} target`).toBeGreaterThanOrEqual(44);
      expect(own.height, `${name} target`).toBeGreaterThanOrEqual(44);
      boxes.push(own);
    }
    for (let i = 1; i < boxes.length; i += 1) {
      expect(boxes[i]!.x, 'controls side by side').toBeGreaterThanOrEqual(
        boxes[i - 1]!.x + boxes[i - 1]!.width,
      );
    }
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    await atSize(page, DESKTOP);
    // At 1280 px the full labels show beside the icons and the phone labels are hidden.
    expect(await nav.locator('.portal-header__label--phone').first().isVisible()).toBe(false);
    await snap(page, 'week-13-phone-header-after');
  },
  180_000,
);

j.step(
  "the buyer's My Account tabs at 390 px fade and show an arrow where they are cut",
  async () => {
    const { page } = buyer;
    await openInApp(page, '/portal/my-account');
    await see(page.getByRole('tab', { selected: true }));
    await expectScrollingTabs(page, 'My Account');
    await atSize(page, DESKTOP);
  },
  180_000,
);

j.step(
  "the manager's dashboard tabs at 390 px fade and scroll; the Catalog fits 1280 px with Stock, Edit and Deactivate in view",
  async () => {
    const { page } = await j.person('manager');
    await signInManager(page);
    await see(page.getByRole('tab', { selected: true }));
    await atSize(page, PHONE);
    await expect.poll(() => strip(page)).toMatchObject({ endFade: true, endArrow: true });
    await snap(page, 'week-13-phone-tabs-after');
    await expectScrollingTabs(page, 'dashboard');
    await atSize(page, DESKTOP);
    await openInApp(page, '/admin?tab=catalog');
    const edit = page.getByRole('button', { name: 'Edit Blue Coast Syrup' });
    await see(edit, 60_000);
    await atSize(page, DESKTOP);
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, 'page').toBeLessThanOrEqual(overflow.clientWidth);
    // Stock, Edit and Deactivate are reached without scrolling sideways: the page never scrolls
    // sideways, and the table's last button ends inside the table's own box.
    const stock = page.getByRole('columnheader', { name: 'Stock' });
    const deactivate = page.getByRole('button', { name: 'Deactivate Blue Coast Syrup' });
    const table = page.locator('table').filter({ has: edit });
    const tableBox = await boxOf(table.locator('xpath=..'));
    for (const [what, locator] of [
      ['Stock', stock],
      ['Edit', edit],
      ['Deactivate', deactivate],
    ] as const) {
      const box = await boxOf(locator);
      expect(box.x + box.width, `${what} in view`).toBeLessThanOrEqual(DESKTOP.width);
      expect(box.x + box.width, `${what} inside the table's box`).toBeLessThanOrEqual(
        tableBox.x + tableBox.width,
      );
    }
    await snap(page, 'week-13-admin-catalog-1280-after');
  },
  240_000,
);
