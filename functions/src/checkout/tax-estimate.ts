import { creditToApply, orderTotal, type EstimateTaxResponse } from '@portal/domain';
import { loadProducts } from '../catalog/products';
import { NOT_APPROVED } from '../lib/caller';
import type { Context } from '../lib/context';
import { NotAllowedError } from '../lib/errors';
import { companyPriceIndex } from '../pricing/company-price-lists';
import { stripeFailure } from '../stripe/stripe-errors';
import { storeCreditBalance } from '../store-credit/store-credit-ledger';
import { calculateTax, taxTreatmentFor } from '../tax/order-tax';
import { buyNowQuantity, priceLinesOrRefuse, readLineRequests } from './checkout-lines';
import { profileOfApprovedBuyer } from './create-checkout';

/**
 * estimateTax (docs/tax.md#the-cart): the sales tax the caller's cart (or Buy Now of a product)
 * would pay shipping to one of their locations, priced on the server exactly as checkout prices
 * it; none under a valid resale certificate for that state, which the answer names, as it names
 * an expired one. An estimate: Stripe Tax has the final word at checkout, on the same address.
 * It also says how much of the company's store credit a card checkout of the cart would spend
 * (docs/payments.md#store-credit), and the tax is estimated on the goods less that credit, as
 * Stripe taxes the discounted amount.
 */
export async function estimateOrderTax(
  ctx: Pick<Context, 'db' | 'stripe' | 'env' | 'now'>,
  uid: string,
  request: { locationId: string; productId?: string | undefined },
): Promise<EstimateTaxResponse> {
  const { db } = ctx;
  const [profile, { source, requests: asked }] = await Promise.all([
    profileOfApprovedBuyer(db, uid, request.locationId),
    readLineRequests(db, uid, request.productId),
  ]);
  const location = profile.location;
  if (!location) throw new NotAllowedError(NOT_APPROVED);
  const ids = asked.map((r) => r.product_id);
  const [products, lists, treatment, balance] = await Promise.all([
    loadProducts(db, ids, profile.role),
    companyPriceIndex(db, profile.companyId, new Date(ctx.now()), ids),
    taxTreatmentFor(ctx, profile.companyId, location.ship_to),
    storeCreditBalance(db, profile.companyId),
  ]);
  const lines =
    ids.length === 0
      ? []
      : priceLinesOrRefuse(
          buyNowQuantity(source, asked, products),
          products,
          profile.role,
          source,
          lists,
        );
  const subtotal = orderTotal(lines);
  const storeCredit = creditToApply(balance, subtotal);
  let tax = 0;
  let fullTax = 0;
  if (!treatment.exemption && lines.length > 0) {
    try {
      fullTax = await calculateTax(ctx.stripe(), lines, location.ship_to);
      // The credit is a discount on a card checkout's whole order: the tax of the goods less it.
      tax = storeCredit > 0 ? Math.round((fullTax * (subtotal - storeCredit)) / subtotal) : fullTax;
    } catch (error) {
      throw stripeFailure('tax_estimate_failed', error, { uid });
    }
  }
  return {
    state: treatment.state,
    subtotal,
    tax,
    fullTax,
    exemption: treatment.exemption,
    expiredCertificate: treatment.expired,
    storeCredit,
  };
}
