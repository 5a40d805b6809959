import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { ShoppingCartOutlined } from '@/components/icons';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  applyOrderFix,
  checkOrderLines,
  type CheckedOrderLine,
  type UploadRow,
} from '@portal/domain';
import { paths } from '@/config/paths';
import {
  CART_BATCH_LINES,
  CartLimitError,
  quantityInCart,
  useAddManyToCart,
  useCart,
} from '@/entities/cart';
import type { PricedProduct } from '@/entities/catalog';

/** Shown when a write to the cart fails (after what was added, if any). */
export const PREVIEW_ADD_FAILED = 'Could not add the lines to your cart; try again.';

/** Products written to the cart at once: one batch of the cart's (its rules read each line's product). */
export const CART_GROUP = CART_BATCH_LINES;

/** Lines shown at a time: a 500-line file shows its first 100, then 100 more on request. */
export const PREVIEW_PAGE = 100;

function lines(count: number): string {
  return count === 1 ? '1 line' : `${count} lines`;
}

/** "28 of 30 lines are ready to add. 2 need a fix." */
export function previewSummary(ready: number, total: number): string {
  const bad = total - ready;
  const head = `${ready} of ${lines(total)} ${ready === 1 ? 'is' : 'are'} ready to add.`;
  return bad === 0 ? head : `${head} ${bad} ${bad === 1 ? 'needs' : 'need'} a fix.`;
}

interface Props {
  uid: string;
  /** Where the lines came from: "your list" or the file's name. */
  source: string;
  rows: UploadRow[];
  onRowsChange: (rows: UploadRow[]) => void;
  bySku: ReadonlyMap<string, PricedProduct>;
  onClose: () => void;
}

/**
 * The preview of a pasted or uploaded order: every line with its SKU and quantity editable in
 * place, its product, its problem and a fix. "Add N lines to cart" checks the lines again against
 * the cart as it is now and adds only the valid ones in one batch; the others stay to be fixed.
 */
export function OrderPreview({ uid, source, rows, onRowsChange, bySku, onClose }: Props) {
  const cart = useCart(uid);
  const addMany = useAddManyToCart(uid);
  const [added, setAdded] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState(PREVIEW_PAGE);
  const [onlyBad, setOnlyBad] = useState(false);
  const titleId = useId();

  const checked = useMemo(
    () => checkOrderLines(rows, bySku, (id) => quantityInCart(cart.data, id)),
    [rows, bySku, cart.data],
  );
  const ready = checked.filter((line) => line.problem === null);
  const fixable = checked.filter((line) => line.fix && line.fix.kind !== 'remove');
  const bad = checked.length - ready.length;
  const listed = onlyBad && bad > 0 ? checked.filter((line) => line.problem !== null) : checked;
  const visible = listed.slice(0, shown);

  function change(line: number, patch: Partial<UploadRow>) {
    onRowsChange(rows.map((row) => (row.line === line ? { ...row, ...patch } : row)));
    setAdded(null);
    setFailure(null);
  }
  function remove(line: number) {
    onRowsChange(rows.filter((row) => row.line !== line));
  }
  function fix(line: CheckedOrderLine) {
    if (!line.fix) return;
    if (line.fix.kind === 'remove') return remove(line.line);
    const { fix: chosen } = line;
    onRowsChange(rows.map((row) => (row.line === line.line ? applyOrderFix(row, chosen) : row)));
    setAdded(null);
  }
  function fixAll() {
    const fixes = new Map(fixable.map((line) => [line.line, line.fix!]));
    onRowsChange(
      rows.map((row) => {
        const chosen = fixes.get(row.line);
        return chosen ? applyOrderFix(row, chosen) : row;
      }),
    );
    setAdded(null);
  }

  function add() {
    if (adding || !cart.isSuccess) return;
    setFailure(null);
    // Checked again against the cart as it is at this moment.
    const now = checkOrderLines(rows, bySku, (id) => quantityInCart(cart.data, id));
    const valid = now.filter((line) => line.problem === null && line.product && line.units);
    if (valid.length === 0) return;
    const byProduct = new Map<string, { quantity: number; lines: number[] }>();
    for (const line of valid) {
      const entry = byProduct.get(line.product!.id) ?? { quantity: 0, lines: [] };
      entry.quantity += line.units!;
      entry.lines.push(line.line);
      byProduct.set(line.product!.id, entry);
    }
    // The rules check at most 20 documents a write (each new line reads its product): the lines
    // go in groups of CART_GROUP, one after the other.
    const groups: (readonly [string, { quantity: number; lines: number[] }])[][] = [];
    const entries = [...byProduct];
    for (let start = 0; start < entries.length; start += CART_GROUP) {
      groups.push(entries.slice(start, start + CART_GROUP));
    }
    const done = new Set<number>();
    setAdding(true);
    void (async () => {
      try {
        for (const group of groups) {
          await addMany.mutateAsync(
            group.map(([productId, { quantity }]) => ({ productId, quantity })),
          );
          for (const [, { lines: numbers }] of group) for (const n of numbers) done.add(n);
        }
      } catch (error) {
        setFailure(
          (done.size > 0 ? `Added ${lines(done.size)}; the others were not added. ` : '') +
            (error instanceof CartLimitError
              ? `${error.message}: your cart changed meanwhile. Check the quantities and try again.`
              : PREVIEW_ADD_FAILED),
        );
      } finally {
        setAdding(false);
        if (done.size > 0) {
          setAdded(done.size);
          onRowsChange(rows.filter((row) => !done.has(row.line)));
        }
      }
    })();
  }

  return (
    <section className="order-preview" aria-labelledby={titleId}>
      <div className="order-preview__head">
        <div>
          <h2 id={titleId} className="quick-order__preview-title">
            Check your order
          </h2>
          <p className="order-preview__source">From {source}</p>
        </div>
        <Button onClick={onClose}>Start over</Button>
      </div>
      {added !== null && (
        <p className="quick-order__added" role="status">
          Added {lines(added)} to your cart. <Link to={paths.cart}>View cart</Link>
        </p>
      )}
      {rows.length === 0 ? (
        <p className="quick-order__empty">
          {added !== null ? 'Every line is in your cart.' : 'No lines left.'}
        </p>
      ) : (
        <>
          <div className="order-preview__bar">
            <p className="order-preview__summary">{previewSummary(ready.length, rows.length)}</p>
            {bad > 0 && bad < checked.length && (
              <Button type="link" aria-pressed={onlyBad} onClick={() => setOnlyBad(!onlyBad)}>
                {onlyBad ? 'Show all lines' : 'Show only lines to fix'}
              </Button>
            )}
          </div>
          <div className="order-preview__table-wrap">
            <table className="quick-order__table order-preview__table">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Product</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {visible.map((line) => (
                  <PreviewRow
                    key={line.line}
                    line={line}
                    onChange={change}
                    onFix={fix}
                    onRemove={remove}
                    disabled={adding}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {listed.length > visible.length && (
            <div className="order-preview__more">
              <span>
                Showing {visible.length} of {lines(listed.length)}.
              </span>
              <Button onClick={() => setShown(shown + PREVIEW_PAGE)}>
                {`Show ${Math.min(PREVIEW_PAGE, listed.length - visible.length)} more`}
              </Button>
            </div>
          )}
        </>
      )}
      {failure && (
        <p className="quick-order__errors" role="alert">
          {failure}
        </p>
      )}
      <div className="quick-order__actions">
        {rows.length > 0 && (
          <Button
            type="primary"
            size="large"
            icon={<ShoppingCartOutlined />}
            loading={adding}
            disabled={ready.length === 0 || !cart.isSuccess}
            onClick={add}
          >
            {`Add ${lines(ready.length)} to cart`}
          </Button>
        )}
        {fixable.length > 0 && (
          <Button onClick={fixAll} disabled={adding}>
            Apply all fixes
          </Button>
        )}
      </div>
    </section>
  );
}

function PreviewRow({
  line,
  onChange,
  onFix,
  onRemove,
  disabled,
}: {
  line: CheckedOrderLine<PricedProduct>;
  onChange: (line: number, patch: Partial<UploadRow>) => void;
  onFix: (line: CheckedOrderLine) => void;
  onRemove: (line: number) => void;
  disabled: boolean;
}) {
  const bad = line.problem !== null;
  const fix = line.fix && line.fix.kind !== 'remove' ? line.fix : null;
  return (
    <tr className={bad ? 'order-preview__row order-preview__row--bad' : 'order-preview__row'}>
      <td data-label="Line" className="order-preview__line">
        {line.line}
      </td>
      <td data-label="SKU">
        <TextInput
          className="order-preview__sku"
          value={line.sku}
          aria-label={`SKU on line ${line.line}`}
          aria-invalid={bad && !line.product ? true : undefined}
          spellCheck={false}
          autoComplete="off"
          readOnly={disabled}
          onChange={(event) => onChange(line.line, { sku: event.target.value })}
        />
      </td>
      <td data-label="Product" className="order-preview__product">
        {line.product?.name ?? '—'}
      </td>
      <td data-label="Quantity">
        <TextInput
          className="order-preview__quantity"
          value={line.quantity}
          inputMode="numeric"
          aria-label={`Quantity on line ${line.line}`}
          aria-invalid={bad && line.product ? true : undefined}
          autoComplete="off"
          readOnly={disabled}
          onChange={(event) => onChange(line.line, { quantity: event.target.value })}
        />
      </td>
      <td data-label="Status" className="order-preview__status">
        {bad ? (
          <span className="order-preview__problem">
            <span className="visually-hidden">Line {line.line}: </span>
            {line.problem}
          </span>
        ) : (
          <span className="order-preview__ok">
            OK{line.note && <span className="quick-order__note">{line.note}</span>}
          </span>
        )}
      </td>
      <td className="order-preview__actions">
        {fix && (
          <Button
            size="small"
            type="primary"
            ghost
            disabled={disabled}
            aria-label={`${fix.label} on line ${line.line}`}
            onClick={() => onFix(line)}
          >
            {fix.label}
          </Button>
        )}
        <Button
          size="small"
          type="text"
          danger={line.fix?.kind === 'remove'}
          disabled={disabled}
          aria-label={`Remove line ${line.line}`}
          onClick={() => onRemove(line.line)}
        >
          Remove
        </Button>
      </td>
    </tr>
  );
}
