import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  companyRoleCan,
  fitsStandingOrder,
  LIST_STANDING_SEARCH,
  listToCart,
  type ListToCart,
  type OrderList,
} from '@portal/domain';
import { PlusOutlined, ShoppingCartOutlined } from '@/components/icons';
import { Button } from '@/components/button';
import { TextSkeleton } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { CartLimitError, quantityInCart, useAddManyToCart, useCart } from '@/entities/cart';
import { useProducts, type PricedProduct } from '@/entities/catalog';
import { useOrderLists } from '@/entities/order-lists';
import { useBuyer } from '@/entities/profile';
import { usePageTitle } from '@/lib/use-page-title';
import { LoadFailed } from './load-failed';
import { ORDER_LISTS_TEXTS as T } from './order-lists-text';
import { ViewOnlyNotice } from './view-only-notice';
import './shop.css';
import './order-lists.css';

// The editor and the delete confirmation (its floating box) are chunks of their own: the page's
// first load shows and adds lists; changing one loads the rest.
const OrderListEditor = lazy(() =>
  import('./order-list-editor').then((module) => ({ default: module.OrderListEditor })),
);
const DeleteListButton = lazy(() => import('./delete-list-button'));

/** The cart with a list's standing order delivery chosen. */
const STANDING_CART = `${paths.cart}${LIST_STANDING_SEARCH}`;

/** What the editor shows: nothing, a new list, or one list's id. */
type Editing = null | 'new' | string;

/**
 * /portal/lists: the company's saved order lists (docs/product.md, Order lists). Each shows its
 * name, its number of products and when it changed; Add list to cart checks every line against
 * today's catalog (listToCart) and adds what it can in one batch, then says line by line what it
 * could not add and why; Start standing order (when every line can be added and the cart stays
 * within a standing order's 20 products) adds the list and opens the cart with a standing
 * delivery chosen. Owners and buyers create, rename, edit and delete lists; a viewer reads them.
 */
export function OrderListsPage() {
  usePageTitle(T.title);
  const { uid, profile, companyId, companyRole, catalogViewer } = useBuyer();
  const lists = useOrderLists(companyId);
  const catalog = useProducts(catalogViewer);
  const cart = useCart(uid);
  const [editing, setEditing] = useState<Editing>(null);
  const canOrder = companyRoleCan(companyRole, 'order');
  const failed = lists.isError || catalog.isError || cart.isError || profile.isError;

  const header = (
    <div className="portal-page__head">
      <h1 className="portal-page__title">{T.title}</h1>
      <Link to={paths.store} className="portal-page__back">
        {T.back}
      </Link>
    </div>
  );

  if (failed) {
    return (
      <main className="portal-page">
        {header}
        <LoadFailed
          message={T.loadFailed}
          onRetry={() => {
            if (profile.isError) void profile.refetch();
            if (lists.isError) void lists.refetch();
            if (catalog.isError) void catalog.refetch();
            if (cart.isError) void cart.refetch();
          }}
        />
      </main>
    );
  }

  const ready = lists.isSuccess && catalog.isSuccess && cart.isSuccess && profile.data;
  const all = lists.data ?? [];
  const editedList = editing && editing !== 'new' ? all.find((l) => l.id === editing) : null;
  return (
    <main className="portal-page order-lists">
      {header}
      <p className="order-lists__intro">{T.intro}</p>
      {profile.data && !canOrder && <ViewOnlyNotice />}
      {!ready ? (
        <TextSkeleton rows={4} />
      ) : (
        <>
          {canOrder && editing === null && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              className="order-lists__new"
              onClick={() => setEditing('new')}
            >
              {T.newList}
            </Button>
          )}
          {canOrder && (editing === 'new' || editedList) && (
            <Suspense fallback={<TextSkeleton rows={3} />}>
              <OrderListEditor
                key={editing}
                list={editedList ?? null}
                catalog={catalog.data}
                onDone={() => setEditing(null)}
              />
            </Suspense>
          )}
          {all.length === 0 ? (
            editing === null && (
              <section className="order-lists__empty" aria-label={T.emptyTitle}>
                <h2>{T.emptyTitle}</h2>
                <p>{canOrder ? T.empty : T.emptyViewer}</p>
              </section>
            )
          ) : (
            <ul className="order-lists__list" aria-label={T.title}>
              {all.map((list) => (
                <li key={list.id}>
                  <OrderListCard
                    list={list}
                    uid={uid}
                    catalog={catalog.data}
                    canOrder={canOrder}
                    editing={editing === list.id}
                    onEdit={() => setEditing(list.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}

/** The outcome of the last Add list to cart: what went in, what did not and why. */
interface Outcome {
  result: ListToCart;
  /** Added to the cart (false: nothing could be). */
  added: boolean;
  /** The list's version it speaks of: a changed list is another list. */
  version: number;
}

function OrderListCard({
  list,
  uid,
  catalog,
  canOrder,
  editing,
  onEdit,
}: {
  list: OrderList;
  uid: string;
  catalog: readonly PricedProduct[];
  canOrder: boolean;
  editing: boolean;
  onEdit: () => void;
}) {
  const navigate = useNavigate();
  const cart = useCart(uid);
  const addMany = useAddManyToCart(uid);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const linesId = useId();
  const byId = useMemo(() => new Map(catalog.map((product) => [product.id, product])), [catalog]);

  // The list as it would go into the cart now (today's products, what the cart holds).
  const check = useMemo(
    () => listToCart(list.lines, byId, (productId) => quantityInCart(cart.data, productId)),
    [list.lines, byId, cart.data],
  );
  const fitsStanding = fitsStandingOrder(
    check,
    (cart.data ?? []).map((item) => item.product_id),
  );
  const version = list.updated_at?.getTime() ?? 0;

  function add(then?: () => void) {
    if (addMany.isPending) return;
    setFailure(null);
    const result = check;
    if (result.toAdd.length === 0) {
      setOutcome({ result, added: false, version });
      return;
    }
    addMany.mutate(
      result.toAdd.map((line) => ({ productId: line.productId, quantity: line.quantity })),
      {
        onSuccess: () => {
          setOutcome({ result, added: true, version });
          then?.();
        },
        onError: (error) =>
          setFailure(
            error instanceof CartLimitError ? `${error.message}: ${T.cartChanged}` : T.addFailed,
          ),
      },
    );
  }

  return (
    <article className="order-list" aria-labelledby={titleId}>
      <div className="order-list__head">
        <div className="order-list__names">
          <h2 id={titleId} className="order-list__name">
            {list.name}
          </h2>
          <p className="order-list__summary">{T.summary(list)}</p>
        </div>
        <Button
          type="link"
          className="order-list__toggle"
          aria-expanded={open}
          aria-controls={linesId}
          onClick={() => setOpen(!open)}
        >
          {open ? T.hideLines : T.showLines(list.lines.length)}
        </Button>
      </div>
      {open && (
        <div className="order-list__table-wrap" id={linesId}>
          <table className="order-list__table">
            <caption className="visually-hidden">{list.name}</caption>
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col">Product</th>
                <th scope="col" className="order-list__number">
                  Quantity
                </th>
              </tr>
            </thead>
            <tbody>
              {list.lines.map((line) => (
                <tr key={line.product_id}>
                  <td>
                    <code>{line.sku}</code>
                  </td>
                  <td>
                    {byId.get(line.product_id)?.name ?? line.name}
                    {!byId.has(line.product_id) && (
                      <span className="order-list__note">{T.unavailable}</span>
                    )}
                  </td>
                  <td className="order-list__number">{line.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canOrder && !editing && (
        <div className="order-list__actions">
          <Button
            type="primary"
            icon={<ShoppingCartOutlined />}
            loading={addMany.isPending}
            onClick={() => add()}
          >
            {T.addToCart}
          </Button>
          {fitsStanding && (
            <Button
              title={T.standingHint}
              disabled={addMany.isPending}
              onClick={() => add(() => void navigate(STANDING_CART))}
            >
              {T.standing}
            </Button>
          )}
          <Button onClick={onEdit}>{T.edit}</Button>
          <Suspense
            fallback={
              <Button danger disabled>
                {T.delete}
              </Button>
            }
          >
            <DeleteListButton list={list} />
          </Suspense>
        </div>
      )}
      {failure && (
        <p className="order-list__errors" role="alert">
          {failure}
        </p>
      )}
      <div role="status" className="order-list__outcome">
        {outcome?.version === version && <OutcomeText outcome={outcome} />}
      </div>
    </article>
  );
}

/** "Added 3 products to your cart. View cart", then each line not added with its reason. */
function OutcomeText({ outcome: { result, added } }: { outcome: Outcome }) {
  return (
    <>
      {added && (
        <p className="order-list__added">
          {T.added(result.toAdd.length)} <Link to={paths.cart}>{T.viewCart}</Link>
        </p>
      )}
      {added &&
        result.toAdd
          .filter((line) => line.note)
          .map((line) => (
            <p key={line.productId} className="order-list__note">
              {line.name}: {line.note}
            </p>
          ))}
      {result.notAdded.length > 0 && (
        <div className="order-list__errors">
          <p className="order-list__errors-title">{added ? T.notAdded : T.nothingAdded}</p>
          <ul>
            {result.notAdded.map((line) => (
              <li key={line.productId}>
                Line {line.line} ({line.sku || line.name}): {line.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
