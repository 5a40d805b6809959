/**
 * Cancel on the Stripe page returns the buyer to their cart, unchanged, with
 * 'Payment cancelled — your cart is unchanged' said once (a reload does not say it again).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createApprovedBuyer } from './support/accounts';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import {
  at,
  openInApp,
  productCard,
  see,
  seeQuantity,
  seeText,
  signInBuyer,
  usd,
  usdPattern,
} from './support/ui';

const j = journey('checkout-cancel');
const CANCELLED = 'Payment cancelled — your cart is unchanged';
const BLUE = { name: 'Blue Coast Syrup', retailer: 3499 };
const RED = { name: 'Red Rush Syrup', retailer: 3299 };
const total = 2 * BLUE.retailer + RED.retailer;
let buyer: Person;
let cartBefore = '';

/** The cart's lines as shown (each line's text), without the actions below them. */
async function cartLinesText(page: Page): Promise<string> {
  const lines = page.getByRole('region', { name: 'Cart items' }).getByRole('article');
  return (await lines.allInnerTexts()).join('\n---\n');
}

j.step('a buyer fills a cart: two Blue Coast, one Red Rush', async () => {
  const account = await createApprovedBuyer(j.stack, 'retailer', 'cancel');
  buyer = await j.person('buyer');
  const { page } = buyer;
  await signInBuyer(page, account.email, account.password);
  await openInApp(page, '/portal/store');
  const blue = productCard(page, BLUE.name);
  await blue.getByRole('button', { name: /^Add to Cart/ }).click();
  await see(blue.getByRole('button', { name: /^Add to Cart 1 in cart$/ }));
  await blue.getByRole('button', { name: /^Add to Cart/ }).click();
  await see(blue.getByRole('button', { name: /^Add to Cart 2 in cart$/ }));
  const red = productCard(page, RED.name);
  await red.getByRole('button', { name: /^Add to Cart/ }).click();
  await see(red.getByRole('button', { name: /^Add to Cart 1 in cart$/ }));
  await page.getByRole('link', { name: /cart, 2 lines/i }).click();
  await at(page, '/portal/cart');
  const summary = page.getByRole('complementary').filter({ hasText: 'Order Summary' });
  await seeText(summary, new RegExp(`Total\\s*${usdPattern(total).source}`));
  cartBefore = await cartLinesText(page);
});

j.step('the buyer proceeds to checkout and presses Cancel on the Stripe page', async () => {
  const { page } = buyer;
  await page.getByRole('button', { name: /proceed to checkout/i }).click();
  await page.waitForURL((url) => url.origin === new URL(j.stack.urls.stripe).origin, {
    waitUntil: 'load',
  });
  await see(page.getByText(usd(total)).first());
  await page.getByRole('link', { name: 'Cancel' }).click();
  await at(page, '/portal/cart');
  // The cancel URL carries the flag the cart reads, then drops from the address.
  await see(page.getByRole('status').filter({ hasText: CANCELLED }));
  await page.waitForURL((url) => url.pathname === '/portal/cart' && url.search === '', {
    waitUntil: 'commit',
  });
});

j.step('the cart is unchanged', async () => {
  const { page } = buyer;
  await see(page.getByRole('heading', { name: 'Your Cart' }));
  const summary = page.getByRole('complementary').filter({ hasText: 'Order Summary' });
  await seeText(summary, new RegExp(`Total\\s*${usdPattern(total).source}`));
  await seeQuantity(page.getByRole('article', { name: BLUE.name }), 2);
  await seeQuantity(page.getByRole('article', { name: RED.name }), 1);
  expect(await cartLinesText(page)).toBe(cartBefore);
  await see(page.getByRole('link', { name: /cart, 2 lines/i }));
  // Enabled once the cart's ship-to (a lazy part of the page) has said it is ready.
  await expect
    .poll(() => page.getByRole('button', { name: /proceed to checkout/i }).isEnabled())
    .toBe(true);
  await snap(page, 'cart-after-cancel');
  // No error toast on the way back.
  expect(await page.locator('.toast--error').count()).toBe(0);
});

j.step('a reload of the cart does not say it again', async () => {
  const { page } = buyer;
  await page.reload();
  await see(page.getByRole('article', { name: BLUE.name }));
  await see(page.getByRole('link', { name: /cart, 2 lines/i }));
  const url = new URL(page.url());
  expect(url.pathname + url.search).toBe('/portal/cart');
  expect(await page.getByText(CANCELLED).count()).toBe(0);
});
