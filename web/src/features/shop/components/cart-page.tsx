import {
  ArrowLeftOutlined,
  DeleteOutlined,
  LockOutlined,
  ShoppingOutlined,
} from '@/components/icons';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  CART_DELIVERY_PARAM,
  CHECKOUT_CANCELLED,
  companyRoleCan,
  isStandingOrderInterval,
  formatUsd,
  restockText,
  THUMB_IMAGE_SIZES,
  type EstimateTaxResponse,
} from '@portal/domain';
import { ProductImage } from '@/components/product-image';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { useCreateCheckout, checkoutRefusal } from '../api/create-checkout';
import { useCart, useRemoveCartItem, useUpdateCartQuantity } from '@/entities/cart';
import { useProducts } from '@/entities/catalog';
import { useBuyer } from '@/entities/profile';
import { usePageTitle } from '@/lib/use-page-title';
import { summarizeCart, type CartLine } from '../lib/cart-lines';
import type { TermsAttempt, TermsPayment } from '../lib/payment-method';
import { DeliveryChoice, type DeliveryInterval } from './delivery-choice';
import { QuantityInput } from './quantity-input';
import type { ShipToState } from './ship-to-choice';
import type { TaxEstimateState } from './tax-estimate';
import { ViewOnlyNotice } from './view-only-notice';
import { LoadFailed } from './load-failed';
import './shop.css';

// The payment choice reads the company's terms and draws nothing without them; it comes with
// the ship-to's chunk, so the cart's first load carries neither the terms nor the choice. One
// import for its three uses: the build writes a chunk's list of files at each import.
const checkoutChoices = () => import('./checkout-choices');
const ShipToPicker = lazy(() =>
  checkoutChoices().then((module) => ({ default: module.ShipToPicker })),
);
const PaymentTerms = lazy(() =>
  checkoutChoices().then((module) => ({ default: module.PaymentTerms })),
);
const TaxEstimate = lazy(() =>
  checkoutChoices().then((module) => ({ default: module.TaxEstimate })),
);
const StoreCreditToApply = lazy(() =>
  checkoutChoices().then((module) => ({ default: module.StoreCreditToApply })),
);
// Save as list (docs/product.md, Order lists): its button comes with the same chunk.
const SaveCartAsList = lazy(() =>
  checkoutChoices().then((module) => ({ default: module.SaveCartAsList })),
);
const TaxNotes = lazy(() => checkoutChoices().then((module) => ({ default: module.TaxNotes })));
const PricesChangedNotice = lazy(() =>
  import('./prices-changed-notice').then((module) => ({ default: module.PricesChangedNotice })),
);
import { TextSkeleton } from '@/components/skeleton';

/** Toasts of the cart (docs/product.md#175-cart) (title: text). */
export const CART_TOASTS = {
  load: ['Error', 'Failed to load cart data.'],
  update: ['Error', 'Failed to update cart.'],
  remove: ['Error', 'Failed to remove item.'],
  checkout: ['Error', 'Failed to initiate checkout.'],
  updated: ['Success', 'Cart updated successfully.'],
  removed: ['Success', 'Item removed from cart.'],
} as const;

/**
 * Said once when Stripe Checkout's Cancel brings the buyer back here
 * (docs/product.md#103-checkout).
 */
export const CHECKOUT_CANCELLED_NOTICE = 'Payment cancelled — your cart is unchanged';

/**
 * Whether the buyer just cancelled on the payment page (`?checkout=cancelled`, the cancel URL).
 * The flag leaves the address at once, so a reload does not say it again; the notice stays
 * until it is closed or the buyer leaves the page.
 */
function useCheckoutCancelledNotice(): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const flagged = params.get(CHECKOUT_CANCELLED.param) === CHECKOUT_CANCELLED.value;
  const [shown, setShown] = useState(flagged);
  // Back here with the flag while the page was open: say it again.
  const [wasFlagged, setWasFlagged] = useState(flagged);
  if (flagged !== wasFlagged) {
    setWasFlagged(flagged);
    if (flagged) setShown(true);
  }
  useEffect(() => {
    if (!flagged) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHECKOUT_CANCELLED.param);
        return next;
      },
      { replace: true },
    );
  }, [flagged, setParams]);
  return [shown, () => setShown(false)];
}

/**
 * The delivery the cart opens with: a standing order's interval when the address asks for one
 * (`?delivery=2`, an order list's Start standing order), else a one-time purchase.
 */
function useDeliveryChoice() {
  const [params] = useSearchParams();
  return useState<DeliveryInterval>(() => {
    const weeks = Number(params.get(CART_DELIVERY_PARAM));
    return isStandingOrderInterval(weeks) ? weeks : null;
  });
}

/**
 * /portal/cart: lines with typed quantities (rounded to case packs) priced at the break their
 * quantity reaches, the Order Summary, and checkout of the whole cart. The prices here are for
 * display: the server prices the order at checkout and has the final word on quantities and stock.
 */
export function CartPage() {
  const notify = useNotify();
  const navigate = useNavigate();
  usePageTitle('Your Cart');
  const { uid, profile, companyId, companyRole, locationIds, catalogViewer } = useBuyer();
  const [shipTo, setShipTo] = useState<ShipToState>({ state: 'loading' });
  const [taxEstimate, setTaxEstimate] = useState<TaxEstimateState>({ state: 'loading' });
  // The store credit this checkout spends, in cents (the checkout choices' chunk reads it).
  const [storeCredit, setStoreCredit] = useState(0);
  const cart = useCart(uid);
  const products = useProducts(catalogViewer);
  const updateQuantity = useUpdateCartQuantity(uid);
  const removeItem = useRemoveCartItem(uid);
  const checkout = useCreateCheckout();
  const queryClient = useQueryClient();
  // The placing comes with the payment choice's chunk (loaded once the choice is shown).
  const placeOnTerms = useMutation({
    mutationFn: async (attempt: TermsAttempt) =>
      (await checkoutChoices()).placeOrderOnTerms(queryClient, attempt),
  });
  // Set by the payment choice for a company with terms; null: pay by card, as ever.
  const [termsPayment, setTermsPayment] = useState<TermsPayment | null>(null);
  // One-time purchase (null) or a standing order every so many weeks.
  const [deliveryWeeks, setDeliveryWeeks] = useDeliveryChoice();
  // The button was pressed while a line's write was still going: proceed when it is done.
  const [proceedWhenSettled, setProceedWhenSettled] = useState(false);
  const cartSettled = !updateQuantity.isPending && !removeItem.isPending;
  // A line's write is going: set as it starts (the mutation's own state follows a moment later,
  // after the press that started it), cleared as the last one settles.
  const writing = useRef(false);
  const [settledWrites, setSettledWrites] = useState(0);
  // Proceeds once the cart's writes are done; a write that failed (its toast said so) leaves the
  // buyer to look at the cart and press again.
  const writeFailed = updateQuantity.isError || removeItem.isError;
  const proceedNow = useEffectEvent(() => proceed());
  useEffect(() => {
    if (!proceedWhenSettled || !cartSettled || writing.current) return;
    setProceedWhenSettled(false);
    if (!writeFailed) proceedNow();
  }, [proceedWhenSettled, cartSettled, writeFailed, settledWrites]);
  const [cancelled, dismissCancelled] = useCheckoutCancelledNotice();

  const failed = cart.isError || products.isError || profile.isError;
  useEffect(() => {
    if (failed) notify.error(...CART_TOASTS.load);
  }, [failed, notify]);

  function clearRefusal() {
    if (checkout.isError) checkout.reset();
    if (placeOnTerms.isError) placeOnTerms.reset();
  }

  function changeQuantity(productId: string, quantity: number) {
    if (quantity < 1) return;
    // A refusal shown under the button was about the cart as it was.
    clearRefusal();
    writing.current = true;
    updateQuantity.mutate(
      { productId, quantity },
      {
        onSuccess: (written) => written && notify.success(...CART_TOASTS.updated),
        onError: () => notify.error(...CART_TOASTS.update),
        onSettled: settled,
      },
    );
  }

  /** The last write started settled: a waiting press may go on (the render it asks for). */
  function settled() {
    writing.current = false;
    setSettledWrites((count) => count + 1);
  }

  function remove(productId: string) {
    clearRefusal();
    writing.current = true;
    removeItem.mutate(productId, {
      onSuccess: () => notify.success(...CART_TOASTS.removed),
      onError: () => notify.error(...CART_TOASTS.remove),
      onSettled: settled,
    });
  }

  function chooseDelivery(next: DeliveryInterval) {
    // A refusal shown under the button was about the other choice.
    clearRefusal();
    setDeliveryWeeks(next);
  }

  const header = (
    <div className="portal-page__head">
      <h1 className="portal-page__title">Your Cart</h1>
      <Link to={paths.store} className="portal-page__back">
        <ArrowLeftOutlined aria-hidden="true" /> Continue Shopping
      </Link>
    </div>
  );
  const cancelledNotice = cancelled && (
    <Alert
      type="info"
      role="status"
      style={{ marginBottom: 16 }}
      title={CHECKOUT_CANCELLED_NOTICE}
      onClose={dismissCancelled}
    />
  );

  if (failed) {
    return (
      <main className="portal-page">
        {header}
        <LoadFailed
          message={CART_TOASTS.load[1]}
          onRetry={() => {
            void cart.refetch();
            // Products wait for the profile (their query has no function until the role is known).
            if (products.isError) void products.refetch();
            void profile.refetch();
          }}
        />
      </main>
    );
  }

  if (cart.isPending || products.isPending || profile.isPending) {
    return (
      <main className="portal-page">
        {header}
        {cancelledNotice}
        <div className="cart-layout" role="status" aria-busy="true" aria-label="Loading cart">
          <div className="cart-lines">
            {[0, 1, 2].map((index) => (
              <div key={index} className="cart-line">
                <TextSkeleton picture={88} rows={2} />
              </div>
            ))}
          </div>
          <TextSkeleton className="order-summary" />
        </div>
      </main>
    );
  }

  // A viewer follows orders but places none: no cart to fill.
  if (!companyRoleCan(companyRole, 'order')) {
    return (
      <main className="portal-page">
        {header}
        <ViewOnlyNotice />
      </main>
    );
  }

  const summary = summarizeCart(cart.data, products.data);
  if (summary.lines.length === 0) {
    return (
      <main className="portal-page">
        <div className="portal-page__head">
          <h1 className="portal-page__title">Your Cart</h1>
        </div>
        {cancelledNotice}
        <div className="portal-state">
          <ShoppingOutlined className="portal-state__icon" aria-hidden="true" />
          <h2>Your Cart is Empty</h2>
          <p>Add syrups and machines from the catalog to get started.</p>
          <Link to={paths.store} className="portal-link-button">
            Continue Shopping
          </Link>
        </div>
      </main>
    );
  }

  // With payment terms the buyer chooses card or invoice, and may give a PO number.
  const method = termsPayment?.method ?? 'card';
  const poValue = termsPayment?.poNumber ?? '';
  const poProblem = termsPayment?.poProblem ?? '';
  const netDays = termsPayment?.netDays ?? null;

  function proceed() {
    // A quantity typed in a line is written when its field loses focus, which the press on this
    // button does: the order waits for that write (and a removal), so that the server orders the
    // cart the buyer sees, not the one before it.
    if (writing.current || !cartSettled) {
      setProceedWhenSettled(true);
      return;
    }
    const locationId = shipTo.state === 'ready' ? shipTo.locationId : null;
    if (method === 'terms' && netDays) {
      // The same attempt (cart, location, PO) keeps its request id: a retry cannot order twice.
      const lines = summary.lines.map((line) => `${line.productId}:${line.quantity}`);
      placeOnTerms.mutate(
        { uid, companyId, netDays, lines, locationId, poNumber: poValue },
        {
          onSuccess: (placed) => {
            notify.success('Order placed', placed.text);
            // My Account's Invoices tab, that invoice marked.
            void navigate(
              `${paths.account}?tab=invoices&invoice=${encodeURIComponent(placed.orderId)}`,
            );
          },
          onError: () => notify.error(...CART_TOASTS.checkout),
        },
      );
      return;
    }
    const request = {
      ...(deliveryWeeks ? { interval: deliveryWeeks } : {}),
      ...(locationId ? { locationId } : {}),
      ...(poValue ? { poNumber: poValue } : {}),
    };
    checkout.mutate(request, {
      onError: () => notify.error(...CART_TOASTS.checkout),
    });
  }

  const processing =
    proceedWhenSettled ||
    checkout.isPending ||
    checkout.isSuccess ||
    placeOnTerms.isPending ||
    placeOnTerms.isSuccess;
  // The server's reason either way of paying was refused (null while none was).
  const refusal = checkoutRefusal(checkout.error ?? placeOnTerms.error);
  // With locations, the order must go to one this member covers (the server checks it again).
  const shipToReady = shipTo.state === 'ready';
  // The sales tax estimate (docs/tax.md#the-cart): Stripe Tax has the final word at checkout.
  // Asked once the cart's writes are done: the server prices the cart it has.
  const estimate =
    shipToReady && cartSettled && taxEstimate.state === 'ready' ? taxEstimate.estimate : null;
  // Store credit is taken off a one-time card checkout (a discount on Stripe's page), leaving at
  // least Stripe's minimum charge; standing orders and orders on terms do not spend it here.
  const creditApplies = method === 'card' && deliveryWeeks === null;
  // Their tax is the tax of all the goods: the estimate's is for the goods less the credit.
  const totalWithTax = summary.total + (estimate ? taxOfEstimate(estimate, creditApplies) : 0);
  const creditApplied = creditApplies ? storeCredit : 0;
  // A PO number the server would refuse is shown under its box; nothing is sent with it.
  const canCheckout =
    summary.available.length > 0 &&
    summary.unavailable.length === 0 &&
    !processing &&
    shipToReady &&
    !poProblem;

  return (
    <main className="portal-page">
      {header}
      {cancelledNotice}
      {companyId && (
        <Suspense fallback={null}>
          <PricesChangedNotice
            companyId={companyId}
            cart={cart.data}
            render={(notice) => (
              <Alert type="info" role="status" style={{ marginBottom: 16 }} {...notice} />
            )}
          />
        </Suspense>
      )}
      <div className="cart-layout">
        <section className="cart-lines" aria-label="Cart items">
          {summary.lines.map((line) => (
            <CartLineRow
              key={line.productId}
              line={line}
              onQuantity={(quantity) => changeQuantity(line.productId, quantity)}
              onRemove={() => remove(line.productId)}
              removing={removeItem.isPending && removeItem.variables === line.productId}
            />
          ))}
          <Suspense fallback={null}>
            <SaveCartAsList lines={summary.lines} />
          </Suspense>
        </section>
        <aside className="order-summary" aria-labelledby="order-summary-title">
          <h2 id="order-summary-title">Order Summary</h2>
          <dl>
            <div>
              <dt>
                Subtotal ({summary.itemCount} {summary.itemCount === 1 ? 'item' : 'items'})
              </dt>
              <dd>{formatUsd(summary.subtotal)}</dd>
            </div>
            <div>
              <dt>Shipping</dt>
              <dd className="order-summary__free">Free</dd>
            </div>
            <TaxRow
              estimate={
                shipTo.state === 'blocked'
                  ? { state: 'at-checkout' }
                  : shipToReady && cartSettled
                    ? taxEstimate
                    : { state: 'loading' }
              }
              creditApplies={creditApplies}
            />
            {creditApplied > 0 && (
              <div className="order-summary__credit">
                <dt>Store credit</dt>
                <dd>−{formatUsd(creditApplied)}</dd>
              </div>
            )}
            <div className="order-summary__total">
              <dt>Total</dt>
              <dd>{formatUsd(totalWithTax - creditApplied)}</dd>
            </div>
          </dl>
          {creditApplied > 0 && (
            <p className="order-summary__note" role="status">
              Store credit −{formatUsd(creditApplied)} will be applied at checkout.
            </p>
          )}
          {companyId && (
            <Suspense fallback={null}>
              <StoreCreditToApply
                companyId={companyId}
                goods={summary.subtotal}
                applies={creditApplies}
                onChange={setStoreCredit}
              />
            </Suspense>
          )}
          {estimate && (estimate.exemption || estimate.expiredCertificate) && (
            <Suspense fallback={null}>
              <TaxNotes estimate={estimate} />
            </Suspense>
          )}
          {shipToReady && cartSettled && summary.available.length > 0 && (
            <Suspense fallback={null}>
              <TaxEstimate
                locationId={shipTo.locationId}
                lines={summary.available.map((l) => `${l.productId}:${l.quantity}`).join(',')}
                onChange={setTaxEstimate}
              />
            </Suspense>
          )}
          <DeliveryChoice value={deliveryWeeks} onChange={chooseDelivery} disabled={processing} />
          <Suspense fallback={null}>
            <ShipToPicker
              member={{ uid, companyId, companyRole, locationIds }}
              disabled={processing}
              onChange={setShipTo}
              onChoose={clearRefusal}
            />
          </Suspense>
          {companyId && (
            <Suspense fallback={null}>
              <PaymentTerms
                companyId={companyId}
                total={totalWithTax}
                standingOrder={deliveryWeeks !== null}
                disabled={processing}
                onChange={setTermsPayment}
                onEdit={clearRefusal}
              />
            </Suspense>
          )}
          {summary.unavailable.length > 0 && (
            <Alert
              type="warning"
              title="Remove the unavailable items to check out."
              className="order-summary__alert"
            />
          )}
          <Button
            type="primary"
            size="large"
            block
            icon={method === 'terms' ? undefined : <LockOutlined />}
            loading={processing}
            disabled={!canCheckout}
            onClick={proceed}
          >
            {method === 'terms'
              ? 'Place order on terms'
              : deliveryWeeks
                ? 'Start standing order'
                : 'Proceed to Checkout'}
          </Button>
          {refusal && (
            <p className="order-summary__refusal" role="alert">
              {refusal}
            </p>
          )}
          {method === 'card' && (
            <p className="order-summary__note">
              Secure payment by card. Prices are confirmed at checkout.
            </p>
          )}
        </aside>
      </div>
    </main>
  );
}

function CartLineRow({
  line,
  onQuantity,
  onRemove,
  removing,
}: {
  line: CartLine;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const name = line.product?.name ?? 'Unavailable product';
  const { product, stock, nextBreak, roundedQuantity } = line;
  const fit = stock?.fit ?? null;
  return (
    <article className={`cart-line${product ? '' : ' cart-line--unavailable'}`} aria-label={name}>
      {product ? (
        <ProductImage
          className="cart-line__image"
          image={product.image_url}
          imageSizes={product.image_sizes}
          sizes={THUMB_IMAGE_SIZES}
          fallbackWidth={160}
          alt={name}
          loading="lazy"
          width={88}
          height={88}
        />
      ) : (
        <div className="cart-line__image cart-line__image--missing" aria-hidden="true" />
      )}
      <div className="cart-line__info">
        <h2 className="cart-line__name">{name}</h2>
        {product ? (
          <p className="cart-line__description">{product.description}</p>
        ) : (
          <p className="cart-line__description">
            This product is no longer available and is not included in your total.
          </p>
        )}
        {product && <p className="cart-line__unit">{formatUsd(line.unitPrice)} each</p>}
        {product && line.breakFrom !== null && (
          <p className="cart-line__break">
            Price for {line.breakFrom}+ units (was {formatUsd(line.basePrice)})
          </p>
        )}
        {nextBreak && (
          <p className="cart-line__hint">
            Add {nextBreak.more} more for {formatUsd(nextBreak.unitPrice)} each
          </p>
        )}
        {line.quantityProblem && roundedQuantity !== null && (
          <div className="cart-line__problem">
            <p>{line.quantityProblem}.</p>
            <Button
              size="small"
              aria-label={`Round ${name} to ${roundedQuantity}`}
              onClick={() => onQuantity(roundedQuantity)}
            >
              Round to {roundedQuantity}
            </Button>
          </div>
        )}
        {product && stock && stock.backordered > 0 && (
          <p className="cart-line__backorder">
            {stock.backordered} of {line.quantity} backordered · {restockText(product.restock_date)}
          </p>
        )}
        {stock?.problem && (
          <div className="cart-line__problem cart-line__problem--stock">
            <p>{stock.problem}</p>
            {fit !== null && fit !== line.quantity && (
              <Button
                size="small"
                aria-label={`Change ${name} to ${fit}`}
                onClick={() => onQuantity(fit)}
              >
                Change to {fit}
              </Button>
            )}
          </div>
        )}
      </div>
      <div className="cart-line__controls">
        {product ? (
          <QuantityInput
            name={name}
            quantity={line.quantity}
            rule={product}
            propose
            onChange={(quantity) => onQuantity(quantity)}
          />
        ) : (
          <span className="cart-line__unavailable-tag">Unavailable</span>
        )}
        {product && <p className="cart-line__total">{formatUsd(line.lineTotal)}</p>}
        <Button
          className="cart-line__remove"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Remove ${name}`}
          loading={removing}
          onClick={onRemove}
        />
      </div>
    </article>
  );
}

/**
 * The estimate's tax for how the cart is paid: less the store credit a one-time card checkout
 * spends, or of all the goods (a standing order, an order on terms).
 */
function taxOfEstimate(estimate: EstimateTaxResponse, creditApplies: boolean): number {
  return creditApplies ? estimate.tax : (estimate.fullTax ?? estimate.tax);
}

/** The order summary's tax row: the estimate for the ship-to's state, the exemption, or why not. */
function TaxRow({
  estimate,
  creditApplies,
}: {
  estimate: TaxEstimateState;
  creditApplies: boolean;
}) {
  let label = 'Tax';
  let value = 'Calculated at checkout';
  if (estimate.state === 'loading') {
    label = 'Estimated tax';
    value = 'Calculating…';
  } else if (estimate.state === 'ready') {
    const { state, exemption } = estimate.estimate;
    label = exemption ? 'Sales tax' : `Estimated tax${state ? ` (${state})` : ''}`;
    value = exemption ? 'Exempt' : formatUsd(taxOfEstimate(estimate.estimate, creditApplies));
  }
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
