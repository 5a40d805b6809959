import { DownloadOutlined, ShoppingCartOutlined, UploadOutlined } from '@/components/icons';
import { Button } from '@/components/button';
import { TextArea } from '@/components/text-input';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  availableStock,
  backorderedUnits,
  backorderMark,
  companyRoleCan,
  formatUsd,
  normalizeSku,
  readQuickOrder,
  unitPriceAt,
  type UploadRow,
  type QuickOrderLineError,
} from '@portal/domain';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { CartLimitError, quantityInCart, useAddManyToCart, useCart } from '@/entities/cart';
import { useProducts, type PricedProduct } from '@/entities/catalog';
import { useBuyer } from '@/entities/profile';
import { ViewOnlyNotice } from './view-only-notice';
import { usePageTitle } from '@/lib/use-page-title';
import { LoadFailed } from './load-failed';
import './shop.css';
import { TextSkeleton } from '@/components/skeleton';

/** The preview and the file readers load when the buyer first checks lines or chooses a file. */
const OrderPreview = lazy(() =>
  import('./order-preview').then((module) => ({ default: module.OrderPreview })),
);
const orderInput = () => import('../lib/read-order-file');

/** Toasts of quick order (title: text). */
export const QUICK_ORDER_TOASTS = {
  load: ['Error', 'Could not load products.'],
} as const;

/** Shown under the field (not as a toast: one announcement) when the batch write fails. */
export const ADD_FAILED = 'Could not add the products to your cart. Nothing was added; try again.';

export const QUICK_ORDER_HELP = 'Paste or type one SKU and quantity per line, like SYR-BLUE 24';
export const NOTHING_ADDED = 'Nothing was added: fix the lines below.';
/** The file types the upload button offers. */
const ORDER_FILE_TYPES =
  '.csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SAMPLE_FILE_NAME = 'quick-order-sample.csv';

/** Lines being checked in the preview, and where they came from. */
interface Preview {
  source: string;
  rows: UploadRow[];
}

/** Over the lines left in the field after the valid ones were added. */
export const HELD_BACK = 'Not added yet: fix these lines and add them again.';

/** One row of the table: a product and the units a quick order adds (or added) to the cart. */
interface QuickOrderRow {
  line: number;
  product: PricedProduct;
  quantity: number;
  /** The cart line's quantity with these units added (its break price applies). */
  lineQuantity: number;
  note: string | null;
}

/**
 * The lines of the batch being added, then added. While it is written, the cached cart already
 * holds them (an optimistic update), so the text is not read against the cart again until then.
 */
interface Batch {
  rows: QuickOrderRow[];
  done: boolean;
}

function errorText({ line, text, error }: QuickOrderLineError): string {
  const where = line > 0 ? `Line ${line}: ` : '';
  // The line as typed, unless the message ends with it already ("Unknown SKU FOO").
  const shown = text && !error.endsWith(text) ? ` ("${text}")` : '';
  return `${where}${error}${shown}`;
}

function products(count: number): string {
  return count === 1 ? '1 product' : `${count} products`;
}

/**
 * /portal/quick-order: the buyer types or pastes "SKU quantity" lines and adds them all to the
 * cart in one step. The lines are read as they are typed (the table shows what would be added,
 * rounded to case packs); Add to cart checks every line and adds the valid ones in one batch,
 * leaving only the bad ones in the field, each with its problem (nothing is added when no line can
 * be).
 */
export function QuickOrderPage() {
  const notify = useNotify();
  usePageTitle('Quick Order');
  const { uid, profile, companyRole, catalogViewer } = useBuyer();
  // The role comes from the profile: wait for it, so a wholesaler's prices are fetched once.
  const catalog = useProducts(catalogViewer);
  const cart = useCart(uid);
  const addMany = useAddManyToCart(uid);
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  /** The last add took the valid lines and left the bad ones in the field. */
  const [heldBack, setHeldBack] = useState(false);
  const [batch, setBatch] = useState<Batch | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  /** Why the pasted lines or the chosen file were refused whole. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const helpId = useId();
  const errorsId = useId();
  const tableTitleId = useId();

  const failed = catalog.isError || profile.isError || cart.isError;
  useEffect(() => {
    if (failed) notify.error(...QUICK_ORDER_TOASTS.load);
  }, [failed, notify]);

  const byId = useMemo(
    () => new Map((catalog.data ?? []).map((product) => [product.id, product])),
    [catalog.data],
  );
  const bySku = useMemo(
    () =>
      new Map(
        (catalog.data ?? [])
          .filter((product) => product.sku !== '')
          .map((product) => [normalizeSku(product.sku), product] as const),
      ),
    [catalog.data],
  );

  const order = useMemo(() => {
    const inCart = (productId: string) => quantityInCart(cart.data, productId);
    const read = readQuickOrder(text, bySku, inCart);
    const rows = read.resolved.flatMap((line): QuickOrderRow[] => {
      const product = byId.get(line.product.id);
      if (!product) return [];
      const lineQuantity = inCart(product.id) + line.quantity;
      return [{ line: line.line, product, quantity: line.quantity, lineQuantity, note: line.note }];
    });
    return { rows, errors: read.errors, heldBack: read.heldBack, empty: read.empty };
  }, [text, bySku, byId, cart.data]);

  const ready = catalog.isSuccess && cart.isSuccess;
  // While a batch is written its lines are already in the cached cart: no errors until it is done.
  const errors: string[] =
    submitted && (!batch || batch.done)
      ? order.empty
        ? heldBack
          ? []
          : ['Type at least one SKU and quantity.']
        : order.errors.map(errorText)
      : [];
  const showErrors = errors.length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || addMany.isPending) return;
    setSubmitted(true);
    setBatch(null);
    setFailure(null);
    setHeldBack(false);
    // Nothing to add (an empty field, or no line that can be added): say why, add nothing.
    if (order.empty || order.rows.length === 0) return;
    // The valid lines are added; the bad ones stay in the field with their reasons.
    const rows = order.rows;
    const held = order.errors.length > 0 ? order.heldBack : '';
    setBatch({ rows, done: false });
    addMany.mutate(
      rows.map((row) => ({ productId: row.product.id, quantity: row.quantity })),
      {
        onSuccess: () => {
          setBatch({ rows, done: true });
          setText(held);
          setSubmitted(held !== '');
          setHeldBack(held !== '');
        },
        onError: (error) => {
          setBatch(null);
          setFailure(
            error instanceof CartLimitError
              ? `${error.message}: your cart changed meanwhile. Check the quantities and try again.`
              : ADD_FAILED,
          );
        },
      },
    );
  }

  async function checkLines() {
    setFailure(null);
    const { readOrderText } = await orderInput();
    const read = readOrderText(text);
    if (!read.ok) return setRefusal(read.error);
    setRefusal(null);
    setPreview({ source: 'your pasted lines', rows: read.rows });
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setReading(true);
    setRefusal(null);
    try {
      const { readOrderFile } = await orderInput();
      const read = await readOrderFile(file);
      if (!read.ok) setRefusal(read.error);
      else setPreview({ source: file.name, rows: read.rows });
    } catch {
      setRefusal(`${file.name} could not be read. Nothing was added; try again.`);
    } finally {
      setReading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function downloadSample() {
    const { sampleOrderCsv } = await orderInput();
    const csv = sampleOrderCsv(catalog.data ?? []);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = SAMPLE_FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  const header = (
    <div className="portal-page__head">
      <h1 className="portal-page__title">Quick Order</h1>
      <Link to={paths.store} className="portal-page__back">
        Browse the catalog
      </Link>
    </div>
  );

  if (failed) {
    return (
      <main className="portal-page">
        {header}
        <LoadFailed
          message={QUICK_ORDER_TOASTS.load[1]}
          onRetry={() => {
            if (profile.isError) void profile.refetch();
            if (catalog.isError) void catalog.refetch();
            if (cart.isError) void cart.refetch();
          }}
        />
      </main>
    );
  }

  // A viewer follows orders but places none: no form to fill in.
  if (profile.data && !companyRoleCan(companyRole, 'order')) {
    return (
      <main className="portal-page">
        {header}
        <ViewOnlyNotice />
      </main>
    );
  }

  if (preview) {
    return (
      <main className="portal-page">
        {header}
        <Suspense fallback={<TextSkeleton rows={4} />}>
          <OrderPreview
            uid={uid}
            source={preview.source}
            rows={preview.rows}
            onRowsChange={(rows) => setPreview({ ...preview, rows })}
            bySku={bySku}
            onClose={() => setPreview(null)}
          />
        </Suspense>
      </main>
    );
  }

  const table = batch ? batch.rows : order.rows;
  return (
    <main className="portal-page">
      {header}
      <div className="quick-order">
        <form className="quick-order__form" onSubmit={submit} noValidate>
          <label htmlFor={fieldId} className="quick-order__label">
            SKUs and quantities
          </label>
          <p id={helpId} className="quick-order__help">
            {QUICK_ORDER_HELP}. A tab or a comma between them works too, so a list pasted from a
            spreadsheet can go in as it is.
          </p>
          <TextArea
            id={fieldId}
            className="quick-order__text"
            value={text}
            rows={8}
            spellCheck={false}
            readOnly={addMany.isPending}
            autoComplete="off"
            placeholder={'SYR-BLUE 24\nSYR-PURPLE 12'}
            aria-describedby={showErrors ? `${helpId} ${errorsId}` : helpId}
            aria-invalid={showErrors ? true : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setRefusal(null);
              if (batch?.done) setBatch(null);
              setFailure(null);
            }}
          />
          {showErrors && (
            <div id={errorsId} className="quick-order__errors" role="alert">
              <p className="quick-order__errors-title">{heldBack ? HELD_BACK : NOTHING_ADDED}</p>
              <ul>
                {errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            </div>
          )}
          {failure && (
            <p className="quick-order__errors" role="alert">
              {failure}
            </p>
          )}
          <div className="quick-order__actions">
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              icon={<ShoppingCartOutlined />}
              loading={addMany.isPending}
              disabled={!ready}
            >
              Add to cart
            </Button>
            {batch?.done && (
              <p className="quick-order__added" role="status">
                Added {products(batch.rows.length)} to your cart.{' '}
                <Link to={paths.cart}>View cart</Link>
              </p>
            )}
          </div>
          <div className="quick-order__upload">
            <p className="quick-order__help">
              Or check every line first, with a fix for each problem. A CSV or XLSX file of SKU and
              quantity works too, up to 500 lines.
            </p>
            <div className="quick-order__upload-actions">
              <Button onClick={() => void checkLines()} disabled={!ready || reading}>
                Check lines
              </Button>
              <Button
                icon={<UploadOutlined />}
                loading={reading}
                disabled={!ready}
                onClick={() => fileInput.current?.click()}
              >
                Upload CSV or XLSX
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept={ORDER_FILE_TYPES}
                hidden
                data-testid="order-file"
                onChange={(event) => void upload(event.target.files?.[0])}
              />
              <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadSample()}>
                Download sample file
              </Button>
            </div>
            {refusal && (
              <p className="quick-order__errors" role="alert">
                {refusal}
              </p>
            )}
          </div>
        </form>

        <section className="quick-order__preview" aria-labelledby={tableTitleId}>
          <h2 id={tableTitleId} className="quick-order__preview-title">
            {batch?.done ? 'Added to your cart' : 'To add'}
          </h2>
          {!ready ? (
            <TextSkeleton rows={3} />
          ) : table.length === 0 ? (
            <p className="quick-order__empty">
              Products appear here as you type their SKUs. Each product page shows its SKU.
            </p>
          ) : (
            <div className="quick-order__table-wrap">
              <table className="quick-order__table">
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">SKU</th>
                    <th scope="col">Product</th>
                    <th scope="col" className="quick-order__number">
                      Quantity
                    </th>
                    <th scope="col" className="quick-order__number">
                      Unit price
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {table.map((row) => (
                    <tr key={row.product.id}>
                      <td>{row.line}</td>
                      <td>
                        <code>{row.product.sku}</code>
                      </td>
                      <td>
                        {row.product.name}
                        {row.note && <span className="quick-order__note">{row.note}</span>}
                        <BackorderNote product={row.product} quantity={row.lineQuantity} />
                      </td>
                      <td className="quick-order__number">{row.quantity}</td>
                      <td className="quick-order__number">
                        {formatUsd(
                          unitPriceAt(row.product.unit_price, row.product.breaks, row.lineQuantity),
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}

/**
 * "Backordered · Expected Dec 10, 2026" (or "14 backordered · …") under a row whose cart line
 * would ask for more than is in stock of a product that takes backorders; nothing otherwise.
 */
function BackorderNote({ product, quantity }: { product: PricedProduct; quantity: number }) {
  const backordered = backorderedUnits(product, availableStock(product), quantity);
  const mark = backorderMark({ quantity, backordered }, product.restock_date);
  return mark ? (
    <span className="quick-order__note quick-order__note--backorder">{mark}</span>
  ) : null;
}
