/**
 * Quick Order's preview of a pasted or uploaded order, in Chromium: a buyer pastes 30 lines, four
 * of them wrong (a near-miss SKU, a SKU typed with a Cyrillic letter, a quantity off the case pack
 * and one under the minimum); each shows its reason and a fix; the buyer applies the fixes and all
 * 30 products reach the cart. A CSV with formulas is refused whole, naming its lines, and nothing
 * is added. The 30 products are this journey's own, in a category of their own ("Restock kit"),
 * with short SKUs and names so the managers' catalog still fits 1280 px.
 */
import { expect } from 'vitest';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import {
  readDocument,
  productDocument,
  wholesalePriceDocument,
  writeDocuments,
} from './support/firestore-admin';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { openInApp, see, seeText, signInBuyer } from './support/ui';

const j = journey('quick-order-upload');

/** QO-01 … QO-30; QO-20 comes in cases of 6 and QO-25 has a minimum of 24. */
const PRODUCTS = Array.from({ length: 30 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return {
    id: `qo-kit-${n}`,
    sku: `QO-${n}`,
    name: `Kit part ${n}`,
    case_pack: n === '20' ? 6 : 1,
    min_quantity: n === '25' ? 24 : 1,
  };
});

/** What the buyer pastes: 2 of each, with four lines wrong. */
const PASTED = PRODUCTS.map(({ sku }) => {
  if (sku === 'QO-07') return 'QO-077\t2';
  if (sku === 'QO-12') return 'Q\u041e-12\t2'; // a Cyrillic O
  if (sku === 'QO-20') return 'QO-20\t10';
  if (sku === 'QO-25') return 'QO-25\t10';
  return `${sku}\t2`;
}).join('\n');

/** The quantities in the cart once the fixes are applied. */
const EXPECTED = new Map(
  PRODUCTS.map(({ id, sku }) => [id, sku === 'QO-20' ? 12 : sku === 'QO-25' ? 24 : 2]),
);

let account: TestBuyer;
let buyer: Person;

j.step('a buyer opens Quick Order; 30 products of a category of their own exist', async () => {
  await writeDocuments(
    j.stack,
    new Map(
      PRODUCTS.flatMap((product, i) => {
        const priceRetailer = 300 + i * 10;
        return [
          [`wholesale_prices/${product.id}`, wholesalePriceDocument(priceRetailer)],
          [
            `products/${product.id}`,
            productDocument({
              name: product.name,
              description: 'A part for the Quick Order upload journey.',
              sku: product.sku,
              price_retailer: priceRetailer,
              image_url: '/products/dome-lids-16oz.svg',
              sort_order: 950 + i,
              category: 'Restock kit',
              case_pack: product.case_pack,
              min_quantity: product.min_quantity,
              stock_on_hand: 500,
            }),
          ],
        ];
      }),
    ),
  );
  account = await createApprovedBuyer(j.stack, 'retailer', 'quick-order-upload');
  buyer = await j.person('buyer');
  await signInBuyer(buyer.page, account.email);
  await openInApp(buyer.page, '/portal/quick-order');
  await see(buyer.page.getByRole('heading', { level: 1, name: 'Quick Order' }));
});

j.step('a CSV with formulas is refused whole, naming its lines, and nothing is added', async () => {
  const { page } = buyer;
  await see(page.getByRole('button', { name: 'Upload CSV or XLSX' }));
  await page.locator('input[type=file]').setInputFiles({
    name: 'restock.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('SKU,Quantity\nQO-01,2\n=HYPERLINK("http://x"),1\nQO-02,@SUM(A1)\n'),
  });
  await seeText(
    page.getByRole('alert'),
    'Lines 3 and 4: formulas are not accepted. Type the SKU and quantity as plain values, then try again. Nothing was added.',
  );
  await expect(page.getByRole('heading', { name: 'Check your order' }).count()).resolves.toBe(0);
  expect(await readDocument(j.stack, `profiles/${account.uid}/cart_items/qo-kit-01`)).toBeFalsy();
  await snap(page, 'quick-order-upload-refused');
});

j.step(
  'the buyer pastes 30 lines: four are wrong, each with its reason and a fix',
  async () => {
    const { page } = buyer;
    await page.getByLabel('SKUs and quantities').fill(PASTED);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await see(page.getByRole('heading', { name: 'Check your order' }));
    await see(page.getByText('26 of 30 lines are ready to add. 4 need a fix.'));
    const row = (line: number) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('textbox', { name: `SKU on line ${line}` }) });
    await seeText(row(7), /Line 7:\s+Unknown SKU QO-077\./);
    await see(row(7).getByRole('button', { name: 'Use QO-07 on line 7' }));
    await seeText(row(12), /Line 12:\s+SKU Q\u041e-12 has characters that only look like Latin/);
    await see(row(12).getByRole('button', { name: 'Use QO-12 on line 12' }));
    await seeText(
      row(20),
      /Line 20:\s+Kit part 20 is sold in cases of 6: 10 units is not a whole case\./,
    );
    await see(row(20).getByRole('button', { name: 'Round up to 12 on line 20' }));
    await seeText(row(25), /Line 25:\s+The minimum order of Kit part 25 is 24 units\./);
    await see(row(25).getByRole('button', { name: 'Raise to 24 on line 25' }));
    await snap(page, 'quick-order-upload-preview');
  },
  180_000,
);

j.step(
  'the buyer applies the fixes and all 30 lines reach the cart',
  async () => {
    const { page } = buyer;
    await page.getByRole('button', { name: 'Apply all fixes' }).click();
    await see(page.getByText('30 of 30 lines are ready to add.'));
    await page.getByRole('button', { name: 'Add 30 lines to cart' }).click();
    await seeText(
      page.getByRole('status').filter({ hasText: 'to your cart' }),
      'Added 30 lines to your cart.',
    );
    await see(page.getByText('Every line is in your cart.'));
    for (const [id, quantity] of EXPECTED) {
      await expect
        .poll(
          async () =>
            (await readDocument(j.stack, `profiles/${account.uid}/cart_items/${id}`))?.quantity,
          { message: id },
        )
        .toBe(quantity);
    }
    await see(
      page
        .getByRole('navigation', { name: 'Portal' })
        .getByRole('link', { name: 'Cart, 30 lines' }),
    );
  },
  180_000,
);
