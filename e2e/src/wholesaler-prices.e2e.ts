/** A wholesaler sees wholesale prices and the Wholesale badge. */
import { expect } from 'vitest';
import { journey } from './support/journey';
import { snap } from './support/screens';
import { at, productCard, see, seeText, seeToast, signInBuyer, usdPattern } from './support/ui';

const j = journey('wholesaler-prices');
// Seeded prices (emulator-data/firestore.json): retailer / wholesaler.
const PURPLE = { name: 'Purple Dream Syrup', retailer: 3499, wholesaler: 2799 };
const TRIPLE = { name: 'Slushie Machine, Triple Bowl', retailer: 219900, wholesaler: 184900 };

j.step('the wholesaler signs in and goes to the store', async () => {
  const { page } = await j.person('wholesaler');
  await signInBuyer(page, 'wholesaler@demo.test');
  const toast = await seeToast(page, 'Welcome back!');
  await toast.getByRole('button', { name: 'Store' }).click();
  await at(page, '/portal/store');
  await see(page.getByRole('heading', { name: 'VIP Product Catalog' }));

  for (const product of [PURPLE, TRIPLE]) {
    const card = productCard(page, product.name);
    await seeText(card, usdPattern(product.wholesaler));
    expect(await card.innerText()).not.toMatch(usdPattern(product.retailer));
    await see(card.getByText('Wholesale', { exact: true }));
  }
  await see(page.getByText('Pacific Coast Distributors').first());
  await see(page.locator('header').getByText('Wholesaler', { exact: true }));
  await snap(page, 'store-wholesaler');
});
