import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '@portal/domain';
import { cartItemCases } from './cases/cart-items';
import { claimCases, storeCreditCases, storeCreditEntryCases } from './cases/claims';
import { productCases, supportContentCases, wholesalePriceCases } from './cases/catalog';
import { companyCases, locationCases } from './cases/companies';
import { companyCreditCases } from './cases/company-credit';
import { exemptStateCases, taxCertificateCases } from './cases/tax-certificates';
import { orderCases } from './cases/orders';
import { priceListCases } from './cases/price-lists';
import { profileCases } from './cases/profiles';
import { quoteCases } from './cases/quotes';
import { orderListCases } from './cases/order-lists';
import { standingOrderCases } from './cases/standing-orders';
import { revokedManagerCases } from './cases/revoked-manager';
import { stockAlertCases } from './cases/stock-alerts';
import { policyPageCases, siteSettingsCases } from './cases/site-content';
import {
  appCheckTokenCases,
  auditLogCases,
  checkoutCases,
  productPhotoCases,
  stockShardCases,
  checkoutLockCases,
  invitationCases,
  invoiceCounterCases,
  mailCases,
  orderNotesCases,
  newsletterCases,
  rateLimitCases,
  salesRollupCases,
  stripeCustomerCases,
  stripeEventCases,
} from './cases/server-only';
import { ACTORS } from './support/actors';
import { caseName, collectionOf, type Operation, type RuleCase } from './support/matrix';

/** The matrix covers every collection x every actor x every operation, both ways where it matters. */
const all: RuleCase[] = [
  ...profileCases,
  ...cartItemCases,
  ...companyCases,
  ...locationCases,
  ...productCases,
  ...wholesalePriceCases,
  ...supportContentCases,
  ...policyPageCases,
  ...siteSettingsCases,
  ...orderCases,
  ...standingOrderCases,
  ...newsletterCases,
  ...mailCases,
  ...rateLimitCases,
  ...auditLogCases,
  ...appCheckTokenCases,
  ...stripeEventCases,
  ...checkoutLockCases,
  ...checkoutCases,
  ...orderNotesCases,
  ...productPhotoCases,
  ...stockShardCases,
  ...invoiceCounterCases,
  ...stripeCustomerCases,
  ...invitationCases,
  ...salesRollupCases,
  ...priceListCases,
  ...companyCreditCases,
  ...taxCertificateCases,
  ...exemptStateCases,
  ...claimCases,
  ...storeCreditCases,
  ...storeCreditEntryCases,
  ...quoteCases,
  ...orderListCases,
  ...stockAlertCases,
  ...revokedManagerCases,
];
const OPERATIONS: Operation[] = ['get', 'list', 'create', 'update', 'delete'];

describe('rules matrix coverage', () => {
  it('has at least 150 cases, each with a distinct name', () => {
    expect(all.length).toBeGreaterThanOrEqual(150);
    const names = all.map(caseName);
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    expect(repeated).toEqual([]);
  });

  it('covers every collection x actor x operation', () => {
    const seen = new Set(all.map((c) => `${collectionOf(c.path)} ${c.actor} ${c.op}`));
    const missing = Object.values(COLLECTIONS)
      .flatMap((collection) =>
        ACTORS.flatMap((actor) => OPERATIONS.map((op) => `${collection} ${actor} ${op}`)),
      )
      .filter((key) => !seen.has(key));
    expect(missing).toEqual([]);
  });

  it('has both allowed and denied cases for every collection a client may use', () => {
    for (const collection of [
      'profiles',
      'cart_items',
      'companies',
      'products',
      'wholesale_prices',
      'support_content',
      'orders',
      'standing_orders',
      'checkouts',
      'order_notes',
      'company_credit',
      'tax_certificates',
      'claims',
      'store_credit',
      'entries',
      'quotes',
      'order_lists',
      'stock_alerts',
    ]) {
      const outcomes = new Set(
        all.filter((c) => collectionOf(c.path) === collection).map((c) => c.expect),
      );
      expect([collection, [...outcomes].sort()]).toEqual([collection, ['allow', 'deny']]);
    }
  });
});
