import { Alert, InputNumber, Modal } from 'antd';
import { useId, useState } from 'react';
import {
  maximumOrderQuantity,
  minimumOrderQuantity,
  quantityProblem,
  type QuantityRule,
  type StandingOrder,
  type StandingOrderLine,
} from '@portal/domain';
import { useProductsById } from '@/entities/catalog';
import { useBuyer } from '@/entities/profile';
import type { useManageStandingOrder } from '@/entities/standing-orders';
import { errorMessage, useNotify } from '@/lib/notify';
import { STANDING_ORDER_TOASTS } from './account-toasts';

/** A product no longer in the buyer's catalog: any whole number (the server has the last word). */
const ANY_QUANTITY: QuantityRule = { case_pack: 1, min_quantity: 1 };

/** Why a typed quantity cannot be saved, or null (the domain's check, as at checkout). */
function lineProblem(name: string, quantity: number | null, rule: QuantityRule): string | null {
  if (quantity === null) return `Enter a quantity for ${name}.`;
  const problem = quantityProblem(name, quantity, rule);
  return problem ? `${problem}.` : null;
}

/**
 * Change quantities: one field per line, stepping by the product's case pack from its minimum
 * (read from products/{id}), checked as checkout checks them. Saves the changed lines only
 * (set_quantities); they apply from the next delivery.
 */
export function StandingOrderQuantitiesModal({
  order,
  manage,
  onClose,
}: {
  order: StandingOrder;
  manage: ReturnType<typeof useManageStandingOrder>;
  onClose: () => void;
}) {
  const notify = useNotify();
  const { profile, catalogViewer } = useBuyer();
  const products = useProductsById(
    catalogViewer,
    order.lines.map((line) => line.product_id),
  );
  const [quantities, setQuantities] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(order.lines.map((line) => [line.product_id, line.quantity])),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const noteId = useId();

  const rules = order.lines.map((_, index) => {
    const product = products[index]?.data;
    return product
      ? { case_pack: product.case_pack, min_quantity: product.min_quantity }
      : ANY_QUANTITY;
  });
  // Save waits for the rules (the products wait for the profile, which says the role). A product
  // that could not be read keeps the default rule rather than blocking the change.
  const loadingRules =
    profile.isPending ||
    products.some((product) => product.isPending && product.fetchStatus !== 'idle');
  const changed = order.lines.filter((line) => quantities[line.product_id] !== line.quantity);

  const save = async () => {
    setFailure(null);
    const found: Record<string, string> = {};
    order.lines.forEach((line, index) => {
      const problem = lineProblem(line.name, quantities[line.product_id] ?? null, rules[index]!);
      if (problem) found[line.product_id] = problem;
    });
    setProblems(found);
    if (Object.keys(found).length > 0 || changed.length === 0) return;
    try {
      await manage.mutateAsync({
        standingOrderId: order.id,
        action: 'set_quantities',
        quantities: Object.fromEntries(
          changed.map((line) => [line.product_id, quantities[line.product_id] as number]),
        ),
      });
      notify.success(...STANDING_ORDER_TOASTS.quantities);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      open
      title="Change quantities"
      okText="Save"
      okButtonProps={{
        loading: manage.isPending,
        disabled: changed.length === 0 || loadingRules,
      }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p id={noteId} className="standing-quantities__note">
        Applies from the next delivery.
      </p>
      <div className="standing-quantities">
        {order.lines.map((line, index) => (
          <QuantityField
            key={line.product_id}
            line={line}
            rule={rules[index]!}
            value={quantities[line.product_id] ?? null}
            problem={problems[line.product_id] ?? null}
            describedBy={noteId}
            disabled={manage.isPending}
            onEnter={() => void save()}
            onChange={(quantity) => {
              setQuantities((current) => ({ ...current, [line.product_id]: quantity }));
              setProblems(({ [line.product_id]: _cleared, ...rest }) => rest);
            }}
          />
        ))}
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
      </div>
    </Modal>
  );
}

function QuantityField({
  line,
  rule,
  value,
  problem,
  describedBy,
  disabled,
  onEnter,
  onChange,
}: {
  line: StandingOrderLine;
  rule: QuantityRule;
  value: number | null;
  problem: string | null;
  describedBy: string;
  disabled: boolean;
  onEnter: () => void;
  onChange: (quantity: number | null) => void;
}) {
  const id = useId();
  const pack = Math.max(1, rule.case_pack);
  const hint = [
    pack > 1 ? `Cases of ${pack}` : null,
    rule.min_quantity > 1 ? `minimum ${rule.min_quantity}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="standing-quantities__field">
      <label htmlFor={id} className="standing-quantities__label">
        {line.name}
        {line.sku && <span className="standing-quantities__sku"> · SKU {line.sku}</span>}
      </label>
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
        value={value}
        onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        onPressEnter={onEnter}
      />
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
