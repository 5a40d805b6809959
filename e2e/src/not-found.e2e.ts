/** Any other path shows the 404 page, whose link returns home; /payment-success alone shows no details. */
import { journey } from './support/journey';
import { snap } from './support/screens';
import { expect } from 'vitest';
import { at, see } from './support/ui';

const j = journey('not-found');

j.step("an unknown path shows 'Oops! Page not found' and Return to Home goes to /", async () => {
  const { page } = await j.person('visitor');
  for (const path of ['/no-such-page', '/portal/store/extra/deep']) {
    await page.goto(path);
    await see(page.getByText('Oops! Page not found'));
  }
  await snap(page, 'not-found');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await at(page, '/');
  await see(page.getByRole('heading', { level: 1, name: "California's Electric Flavor" }));
});

j.step('/payment-success without session_id shows the success card without details', async () => {
  const { page } = await j.person('visitor-payment');
  await page.goto('/payment-success');
  await see(page.getByRole('heading', { name: 'Payment Successful!' }));
  expect(await page.getByText('Amount paid').count()).toBe(0);
  await snap(page, 'payment-success-no-session');
});
