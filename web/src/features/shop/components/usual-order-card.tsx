import { ShoppingCartOutlined } from '@/components/icons';
import { Button } from '@/components/button';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  availableStock,
  formatCount,
  resolveQuickOrder,
  stockShortMessage,
  USUAL_ORDER_WINDOW,
  usualOrder,
  usualOrderItems,
  type UsualOrderItem,
} from '@portal/domain';
import { paths } from '@/config/paths';
import { CartLimitError, quantityInCart, useAddManyToCart, useCart } from '@/entities/cart';
import { useProducts, type PricedProduct } from '@/entities/catalog';
import { useRecentOrders } from '@/entities/orders';
import { useBuyer } from '@/entities/profile';

const NO_PRODUCTS: PricedProduct[] = [];

/** The card's words (docs/product.md, "Your usual order"). */
export const USUAL_ORDER_TEXT = {
  title: 'Your usual order',
  intro: 'What your company orders most, in the quantities it usually orders.',
  addAll: 'Add all to cart',
  outOfStock: 'Out of stock',
  notAdded: 'Not added:',
  nothingAdded: 'Nothing was added:',
  failed: 'Could not add your usual order to your cart. Nothing was added; try again.',
} as const;

export interface UsualOrderCardProps {
  /** Not shown (the store is still loading, or filtered), but already reading. */
  hidden: boolean;
  /** Called once the company's recent orders are read (or could not be). */
  onSettled: () => void;
}

interface Outcome {
  added: number;
  problems: string[];
}

function productCount(count: number): string {
  return count === 1 ? '1 product' : `${count} products`;
}

function units(count: number): string {
  return count === 1 ? '1 unit' : `${formatCount(count)} units`;
}

/** Why an out-of-stock item is not added, in the words of the cart and Quick Order. */
function outOfStock(product: PricedProduct): string {
  return `${stockShortMessage(product.name, availableStock(product) ?? 0, product)}.`;
}

/**
 * "Your usual order" at the top of the store: the products the company orders most (read from
 * its newest orders, packages/domain/src/usual-order.ts), each with its usual quantity made
 * orderable today, and "Add all to cart", which adds them under Quick Order's rules (case packs,
 * minimums, stock, the line cap) and names each product it could not add, with the reason.
 * Nothing is shown without a usual order, or when the orders cannot be read (the catalog is the
 * page; this card only saves a few clicks).
 */
export default function UsualOrderCard({ hidden, onSettled }: UsualOrderCardProps) {
  // The store's buyer and catalog (the same cached reads as the store's).
  const { uid, companyId, orderScope, catalogViewer } = useBuyer();
  const products = useProducts(catalogViewer);
  const catalog = products.data ?? NO_PRODUCTS;
  const orders = useRecentOrders(companyId, orderScope, USUAL_ORDER_WINDOW);
  const cart = useCart(uid);
  const addMany = useAddManyToCart(uid);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();

  const settled = !orders.isPending;
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);

  const lines = useMemo(() => (orders.data ? usualOrder(orders.data) : []), [orders.data]);
  const items = useMemo(
    () => usualOrderItems(lines, new Map(catalog.map((product) => [product.id, product]))),
    [lines, catalog],
  );

  if (hidden || items.length === 0) return null;

  function addAll() {
    if (!cart.isSuccess || addMany.isPending) return;
    setOutcome(null);
    setFailure(null);
    const inCart = (productId: string) => quantityInCart(cart.data, productId);
    const addable = items.filter((item) => !item.out);
    // Quick Order's checks, line by line (a line's number is its place on the card).
    const { resolved, errors } = resolveQuickOrder(
      addable.map((item, index) => ({
        line: index + 1,
        sku: item.product.id,
        quantity: item.quantity,
      })),
      new Map(addable.map((item) => [item.product.id, item.product])),
      inCart,
    );
    const refused = new Map(errors.map((error) => [addable[error.line - 1]!.product.id, error]));
    const problems = items.flatMap((item: UsualOrderItem<PricedProduct>) => {
      if (item.out) return [outOfStock(item.product)];
      const error = refused.get(item.product.id);
      return error ? [error.error] : [];
    });
    if (resolved.length === 0) {
      setOutcome({ added: 0, problems });
      return;
    }
    addMany.mutate(
      resolved.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
      {
        onSuccess: () => setOutcome({ added: resolved.length, problems }),
        onError: (error) =>
          setFailure(
            error instanceof CartLimitError
              ? `${error.message}: your cart changed meanwhile. Check the quantities and try again.`
              : USUAL_ORDER_TEXT.failed,
          ),
      },
    );
  }

  return (
    <section className="usual-order" aria-labelledby={titleId}>
      <div className="usual-order__head">
        <h2 id={titleId} className="usual-order__title">
          {USUAL_ORDER_TEXT.title}
        </h2>
        <p className="usual-order__intro">{USUAL_ORDER_TEXT.intro}</p>
      </div>
      <ul className="usual-order__list">
        {items.map((item) => (
          <li key={item.product.id} className="usual-order__item">
            <span className="usual-order__name">
              {item.product.name}
              {item.note && <span className="usual-order__note">{item.note}</span>}
            </span>
            <span className="usual-order__quantity">
              {item.out ? (
                <span className="usual-order__out">{USUAL_ORDER_TEXT.outOfStock}</span>
              ) : (
                units(item.quantity)
              )}
            </span>
          </li>
        ))}
      </ul>
      <div className="usual-order__actions">
        <Button
          type="primary"
          icon={<ShoppingCartOutlined />}
          loading={addMany.isPending}
          disabled={!cart.isSuccess}
          onClick={addAll}
        >
          {USUAL_ORDER_TEXT.addAll}
        </Button>
        <div className="usual-order__message" aria-live="polite">
          {outcome && outcome.added > 0 && (
            <p className="usual-order__added">
              Added {productCount(outcome.added)} to your cart.{' '}
              <Link to={paths.cart}>View cart</Link>
            </p>
          )}
          {outcome && outcome.problems.length > 0 && (
            <div className="usual-order__problems">
              <p className="usual-order__problems-title">
                {outcome.added > 0 ? USUAL_ORDER_TEXT.notAdded : USUAL_ORDER_TEXT.nothingAdded}
              </p>
              <ul>
                {outcome.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
      {failure && (
        <p className="usual-order__problems" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
