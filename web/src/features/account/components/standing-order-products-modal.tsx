import { Alert, Button, InputNumber, Modal, Select } from 'antd';
import { useId, useMemo, useState } from 'react';
import {
  formatUsd,
  MAX_STANDING_ORDER_LINES,
  maximumOrderQuantity,
  minimumOrderQuantity,
  quantityProblem,
  unitPriceAt,
  type QuantityRule,
  type StandingOrder,
} from '@portal/domain';
import { useProducts, type PricedProduct } from '@/entities/catalog';
import { useBuyer } from '@/entities/profile';
import type { useManageStandingOrder } from '@/entities/standing-orders';
import { errorMessage, useNotify } from '@/lib/notify';
import { STANDING_ORDER_TOASTS } from './standing-order-toasts';
import './standing-order-changes.css';

/** A product no longer in the buyer's catalog: any whole number (the server has the last word). */
const ANY_QUANTITY: QuantityRule = { case_pack: 1, min_quantity: 1 };

interface DraftLine {
  productId: string;
  name: string;
  sku: string;
  quantity: number | null;
  /** The line's unit price now (kept for an unchanged line, else the catalog's, an estimate). */
  unitAmount: number;
  /** Left out of deliveries today (out of stock, no longer sold): not in the estimate. */
  paused: boolean;
}

/** Why a typed quantity cannot be saved, or null (the domain's check, as at checkout). */
function lineProblem(name: string, quantity: number | null, rule: QuantityRule): string | null {
  if (quantity === null) return `Enter a quantity for ${name}.`;
  const problem = quantityProblem(name, quantity, rule);
  return problem ? `${problem}.` : null;
}

/** The unit price a line is estimated at: the catalog's at its quantity, else the line's own. */
function estimate(line: DraftLine, product: PricedProduct | undefined): number {
  if (!product || line.quantity === null) return line.unitAmount;
  return unitPriceAt(product.unit_price, product.breaks, line.quantity);
}

/**
 * Change products: the standing order's lines with a quantity field each (stepping by the case
 * pack from the minimum, checked as checkout checks them), a Remove button, and "Add a product"
 * from the buyer's catalog. The total shown is an estimate from the catalog's prices; the server
 * prices the lines when they are saved (set_lines) and its total is told in the toast. Applies
 * from the next delivery.
 */
export function StandingOrderProductsModal({
  order,
  manage,
  onClose,
}: {
  order: StandingOrder;
  manage: ReturnType<typeof useManageStandingOrder>;
  onClose: () => void;
}) {
  const notify = useNotify();
  const { catalogViewer } = useBuyer();
  const catalog = useProducts(catalogViewer);
  const byId = useMemo(
    () => new Map((catalog.data ?? []).map((product) => [product.id, product] as const)),
    [catalog.data],
  );
  const [lines, setLines] = useState<DraftLine[]>(() =>
    order.lines.map((line) => ({
      productId: line.product_id,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitAmount: line.unit_amount,
      paused: line.paused_reason !== null,
    })),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const noteId = useId();
  const addId = useId();

  const ruleOf = (productId: string): QuantityRule => {
    const product = byId.get(productId);
    return product
      ? { case_pack: product.case_pack, min_quantity: product.min_quantity }
      : ANY_QUANTITY;
  };
  const original = new Map(order.lines.map((line) => [line.product_id, line.quantity] as const));
  const changed =
    lines.length !== order.lines.length ||
    lines.some((line) => original.get(line.productId) !== line.quantity);
  const total = lines.reduce((sum, line) => {
    if (line.paused || line.quantity === null) return sum;
    const kept = original.get(line.productId) === line.quantity;
    const unit = kept ? line.unitAmount : estimate(line, byId.get(line.productId));
    return sum + unit * line.quantity;
  }, 0);
  const full = lines.length >= MAX_STANDING_ORDER_LINES;
  const addable = (catalog.data ?? []).filter(
    (product) => product.is_active && !lines.some((line) => line.productId === product.id),
  );

  const add = (productId: string) => {
    const product = byId.get(productId);
    if (!product || full) return;
    setLines((current) => [
      ...current,
      {
        productId,
        name: product.name,
        sku: product.sku,
        quantity: minimumOrderQuantity(product),
        unitAmount: product.unit_price,
        paused: false,
      },
    ]);
  };

  const save = async () => {
    setFailure(null);
    const found: Record<string, string> = {};
    for (const line of lines) {
      const problem = lineProblem(line.name, line.quantity, ruleOf(line.productId));
      if (problem) found[line.productId] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0 || !changed) return;
    try {
      const result = await manage.mutateAsync({
        standingOrderId: order.id,
        action: 'set_lines',
        lines: lines.map((line) => ({ productId: line.productId, quantity: line.quantity! })),
      });
      notify.success(
        STANDING_ORDER_TOASTS.products[0],
        `${STANDING_ORDER_TOASTS.products[1]} Each delivery: ${formatUsd(result.cycleAmount)}.`,
      );
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      open
      title="Change products"
      okText="Save"
      okButtonProps={{ loading: manage.isPending, disabled: !changed || catalog.isPending }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p id={noteId} className="standing-quantities__note">
        Applies from the next delivery.
      </p>
      <div className="standing-quantities">
        {lines.map((line) => (
          <LineField
            key={line.productId}
            line={line}
            rule={ruleOf(line.productId)}
            problem={problems[line.productId] ?? null}
            describedBy={noteId}
            disabled={manage.isPending}
            removable={lines.length > 1}
            onEnter={() => void save()}
            onRemove={() => {
              setLines((current) => current.filter((l) => l.productId !== line.productId));
              setProblems(({ [line.productId]: _cleared, ...rest }) => rest);
            }}
            onChange={(quantity) => {
              setLines((current) =>
                current.map((l) => (l.productId === line.productId ? { ...l, quantity } : l)),
              );
              setProblems(({ [line.productId]: _cleared, ...rest }) => rest);
            }}
          />
        ))}
        <div className="standing-products__add">
          <label htmlFor={addId} className="standing-quantities__label">
            Add a product
          </label>
          <Select
            id={addId}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label="Add a product"
            placeholder={catalog.isPending ? 'Loading products…' : 'Search your catalog'}
            loading={catalog.isPending}
            disabled={full || manage.isPending || catalog.isError}
            value={null}
            onChange={(value: string | null) => value && add(value)}
            options={addable.map((product) => ({
              value: product.id,
              label: `${product.name} · SKU ${product.sku}`,
            }))}
            notFoundContent="No other products in your catalog."
          />
          {full && (
            <p className="standing-quantities__hint">
              A standing order holds at most {MAX_STANDING_ORDER_LINES} products.
            </p>
          )}
          {catalog.isError && (
            <p className="standing-quantities__problem" role="alert">
              Could not load your catalog. Close and try again to add a product.
            </p>
          )}
        </div>
        <p className="standing-products__total">
          <span>Estimated each delivery</span> <strong>{formatUsd(total)}</strong>
        </p>
        <p className="standing-quantities__hint">
          An estimate from today&apos;s prices, before tax. We price the products when you save.
        </p>
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
      </div>
    </Modal>
  );
}

function LineField({
  line,
  rule,
  problem,
  describedBy,
  disabled,
  removable,
  onEnter,
  onRemove,
  onChange,
}: {
  line: DraftLine;
  rule: QuantityRule;
  problem: string | null;
  describedBy: string;
  disabled: boolean;
  removable: boolean;
  onEnter: () => void;
  onRemove: () => void;
  onChange: (quantity: number | null) => void;
}) {
  const id = useId();
  const pack = Math.max(1, rule.case_pack);
  const hint = [
    pack > 1 ? `Cases of ${pack}` : null,
    rule.min_quantity > 1 ? `minimum ${rule.min_quantity}` : null,
    line.paused ? 'paused today' : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="standing-quantities__field">
      <label htmlFor={id} className="standing-quantities__label">
        {line.name}
        {line.sku && <span className="standing-quantities__sku"> · SKU {line.sku}</span>}
      </label>
      <div className="standing-products__row">
        <InputNumber
          id={id}
          aria-label={`Quantity of ${line.name}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[
            describedBy,
            problem ? `${id}-problem` : null,
            hint ? `${id}-hint` : null,
          ]
            .filter(Boolean)
            .join(' ')}
          status={problem ? 'error' : undefined}
          min={minimumOrderQuantity(rule)}
          max={maximumOrderQuantity(rule)}
          step={pack}
          inputMode="numeric"
          disabled={disabled}
          value={line.quantity}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
          onPressEnter={onEnter}
        />
        <Button
          onClick={onRemove}
          disabled={disabled || !removable}
          aria-label={`Remove ${line.name}`}
        >
          Remove
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="standing-quantities__hint">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="standing-quantities__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
