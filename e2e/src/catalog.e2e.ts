/**
 * The catalog a buyer orders from in bulk: search, filter and sort kept in the URL, a product
 * page, a typed quantity rounded to the case pack, the break price, checkout, and the paid order
 * taking exactly its quantity from stock. Uses a fresh retailer and the demo cups (CUP-16OZ:
 * cases of 20, minimum 20, retail $6.50, $5.90 from 60, 400 in stock), which no other journey buys.
 */
import { expect } from 'vitest';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import { checkA11yBothWidths } from './support/a11y';
import { stockCount } from './support/firestore-admin';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { fillShipTo, onStripePage } from './support/stripe-page';
import { at, openInApp, productCard, see, seeText, signInBuyer, usd } from './support/ui';

const j = journey('catalog');
const CUPS = {
  id: 'slush-cups-16oz',
  sku: 'CUP-16OZ',
  name: 'Slush Cups, 16 oz (sleeve of 50)',
};
const LIDS = 'Dome Lids, 16 oz (sleeve of 50)';
const STRAWS = 'Spoon Straws (box of 250)';
const BREAK_PRICE = 590;
// STR-SPOON: cases of 6, minimum 12, retail $12.99.
const STRAWS_LINE = { id: 'spoon-straws', unit: 1299, quantity: 12 };
let account: TestBuyer;
let buyer: Person;

async function cardNames(person: Person): Promise<string[]> {
  const headings = person.page.locator('.product-grid article h2');
  return (await headings.allInnerTexts()).map((name) => name.trim());
}

j.step('a retailer searches the store by SKU, and the search is in the URL', async () => {
  account = await createApprovedBuyer(j.stack, 'retailer', 'catalog');
  buyer = await j.person('retailer');
  const { page } = buyer;
  await signInBuyer(page, account.email);
  await openInApp(page, '/portal/store');
  await see(page.getByRole('heading', { name: 'VIP Product Catalog' }));
  await page.getByLabel('Search', { exact: true }).fill('cup-16');
  await seeText(page.getByRole('status').filter({ hasText: /products?$/ }), '1 product');
  await see(productCard(page, CUPS.name));
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('cup-16');
  await snap(page, 'store-search');
});

j.step('a category and a sort narrow and order the store, and survive a reload', async () => {
  const { page } = buyer;
  await openInApp(page, '/portal/store?category=Supplies&sort=price_asc');
  await seeText(page.getByRole('status').filter({ hasText: /products?$/ }), '3 products');
  await expect.poll(() => cardNames(buyer)).toEqual([LIDS, CUPS.name, STRAWS]);
  await page.reload();
  await seeText(page.getByRole('status').filter({ hasText: /products?$/ }), '3 products');
  await expect.poll(() => cardNames(buyer)).toEqual([LIDS, CUPS.name, STRAWS]);
  // The lids are out of stock: they cannot be added.
  const lids = productCard(page, LIDS);
  await see(lids.getByText('Out of stock').first());
  expect(await lids.getByRole('button', { name: /add to cart/i }).isDisabled()).toBe(true);
  await snap(page, 'store-category-sorted');
});

j.step(
  'the buyer opens the cups, types 48 and gets a whole case: 60 at the break price',
  async () => {
    const { page } = buyer;
    await productCard(page, CUPS.name).getByRole('link', { name: CUPS.name }).click();
    await at(page, `/portal/products/${CUPS.id}`);
    await see(page.getByRole('heading', { name: CUPS.name, level: 1 }));
    await see(page.getByText(CUPS.sku).first());
    const quantity = page.getByRole('textbox', { name: `Quantity of ${CUPS.name}` });
    await quantity.fill('48');
    await quantity.press('Enter');
    await seeText(
      page.getByRole('status').filter({ hasText: 'became' }),
      'Sold in cases of 20: 48 units became 60.',
    );
    await expect.poll(() => quantity.inputValue()).toBe('60');
    await seeText(
      page.locator('.product-page__buy'),
      `Total for 60 units: ${usd(60 * BREAK_PRICE)}`,
    );
    await snap(page, 'product-page');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await see(page.getByText(/60 in your cart/));
    // The cart can show the new count before the add has settled; the busy button (antd's
    // faded loading look, ignoring clicks) is no state to judge contrast in (a CI run caught it).
    await expect
      .poll(() => page.getByRole('button', { name: 'Add to Cart' }).getAttribute('aria-busy'))
      .toBeNull();
    // "60 in your cart · View cart": the link must stand out from its sentence by more than colour.
    await checkA11yBothWidths(page, 'product-page-in-cart');
    // Back to store returns to the filtered store the buyer came from.
    await page.getByRole('link', { name: 'Back to store' }).first().click();
    await at(page, '/portal/store');
    expect(new URL(page.url()).searchParams.get('category')).toBe('Supplies');
  },
);

j.step(
  'quick order adds the good line and holds back the unknown SKU, then adds nothing for it alone',
  async () => {
    const { page } = buyer;
    await page.getByRole('link', { name: 'Quick Order' }).click();
    await at(page, '/portal/quick-order');
    const field = page.getByLabel('SKUs and quantities');
    await field.fill('str-spoon\t10\nBOGUS-1 5');
    await see(page.getByText(/10 units became 12/).first());
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await seeText(
      page.getByRole('status').filter({ hasText: 'to your cart' }),
      'Added 1 product to your cart.',
    );
    const held = page
      .getByRole('alert')
      .filter({ hasText: 'Not added yet: fix these lines and add them again.' });
    await seeText(held, /1.*Unknown SKU BOGUS-1/);
    expect(await field.inputValue()).toBe('BOGUS-1 5');
    await snap(page, 'quick-order-added');
    // The bad line alone: nothing can be added, and nothing is.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await seeText(
      page.getByRole('alert').filter({ hasText: 'Nothing was added: fix the lines below.' }),
      /1.*Unknown SKU BOGUS-1/,
    );
    await snap(page, 'quick-order-errors');
  },
);

j.step(
  'the cart charges the break price, and the paid order takes exactly its quantities from stock',
  async () => {
    const { page } = buyer;
    await openInApp(page, '/portal/cart');
    const line = page.getByRole('article', { name: CUPS.name });
    await seeText(line, usd(60 * BREAK_PRICE));
    const total = 60 * BREAK_PRICE + STRAWS_LINE.quantity * STRAWS_LINE.unit;
    await seeText(
      page.getByRole('article', { name: STRAWS }),
      usd(STRAWS_LINE.quantity * STRAWS_LINE.unit),
    );
    await snap(page, 'cart-case-pack');
    // Other journeys on this stack buy cups and straws too: the order must take exactly its own
    // quantities from what is on hand now.
    const onHand = (id: string) => stockCount(j.stack, id);
    const cupsBefore = await onHand(CUPS.id);
    const strawsBefore = await onHand(STRAWS_LINE.id);
    expect(cupsBefore.reserved).toBe(0);
    expect(strawsBefore.reserved).toBe(0);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await onStripePage(page, j.stack);
    await see(page.getByText(usd(total)).first());
    await fillShipTo(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await at(page, '/payment-success', 30_000);
    await see(page.getByText('Payment Successful!').first(), 30_000);
    await expect
      .poll(() => onHand(CUPS.id), { timeout: 30_000 })
      .toEqual({ on_hand: Number(cupsBefore.on_hand) - 60, reserved: 0 });
    expect(await onHand(STRAWS_LINE.id)).toEqual({
      on_hand: Number(strawsBefore.on_hand) - STRAWS_LINE.quantity,
      reserved: 0,
    });
  },
);
