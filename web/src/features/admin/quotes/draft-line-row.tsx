/**
 * One line of the draft editor: the product, its units, what the company pays for them now
 * (display only: the server prices the line when the draft is saved), and "Override price",
 * which asks for the price quoted in dollars and the reason for it. What the catalog cannot fill
 * as written (a case pack, a minimum, stock) is said under the line: sending would be refused.
 */
import { formatUsd, QUOTE_LIMITS, type ResolvedPrice } from '@portal/domain';
import { Input, InputNumber } from 'antd';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import type { ProductWithPrices } from '@/entities/catalog';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { DeleteOutlined } from '@/components/icons';
import type { DraftFormValues, DraftRequest } from './draft-form';
import { QUOTES_TEXTS } from './quote-text';

export type DraftControl = Control<DraftFormValues, unknown, DraftRequest>;

/** "$24.99 each · Coastal chain list", or the tier's price alone. */
function CompanyPrice({ price, quantity }: { price: ResolvedPrice | null; quantity: number }) {
  if (price === null) return <p className="draft-line__price">{QUOTES_TEXTS.noTierPrice}</p>;
  const list = price.price_list ? ` (${price.price_list.name})` : '';
  return (
    <p className="draft-line__price">
      Company price <strong>{formatUsd(price.unit_amount)}</strong> each{list}
      {quantity > 0 && (
        <>
          <span aria-hidden="true"> · </span>
          <span>
            {quantity} × {formatUsd(price.unit_amount)} = {formatUsd(price.unit_amount * quantity)}
          </span>
        </>
      )}
    </p>
  );
}

export function DraftLineRow({
  control,
  index,
  product,
  name,
  priceOf,
  warnings,
  errors,
  onRemove,
}: {
  control: DraftControl;
  index: number;
  product: ProductWithPrices | undefined;
  name: string;
  /** The company's price of this product at a quantity; null until the company is known. */
  priceOf: ((product: ProductWithPrices, quantity: number) => ResolvedPrice | null) | null;
  /** Why the catalog cannot fill the line as written (the server's words when sending). */
  warnings: readonly string[];
  errors: FieldErrors<DraftFormValues>;
  onRemove: () => void;
}) {
  const line = useWatch({ control, name: `lines.${index}` });
  const lineErrors = errors.lines?.[index];
  const base = `draft-line-${index}`;
  const quantity = typeof line.quantity === 'number' && line.quantity > 0 ? line.quantity : 0;
  const price = product && priceOf ? priceOf(product, Math.max(quantity, 1)) : undefined;

  return (
    <div role="group" aria-labelledby={`${base}-name`} className="draft-line">
      <div className="draft-line__head">
        <div className="draft-line__product">
          <span id={`${base}-name`} className="draft-line__name">
            {name}
          </span>
          {product?.sku && <span className="admin-muted">{product.sku}</span>}
        </div>
        <Button
          icon={<DeleteOutlined />}
          aria-label={`Remove ${name}`}
          onClick={onRemove}
          danger
          type="text"
        />
      </div>
      {!product && <p className="draft-line__warning">This product is not in the catalog.</p>}
      <div className="draft-line__fields">
        <Controller
          control={control}
          name={`lines.${index}.quantity`}
          render={({ field }) => (
            <FormField
              id={`${base}-quantity`}
              label="Quantity"
              error={lineErrors?.quantity?.message}
              className="draft-line__quantity"
            >
              {(props) => (
                <InputNumber<number>
                  {...props}
                  min={1}
                  precision={0}
                  style={{ width: '100%' }}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  status={lineErrors?.quantity ? 'error' : undefined}
                />
              )}
            </FormField>
          )}
        />
        {price !== undefined && <CompanyPrice price={price} quantity={quantity} />}
      </div>
      {warnings.map((warning) => (
        <p key={warning} className="draft-line__warning">
          {warning} Sending it will be refused.
        </p>
      ))}
      <Controller
        control={control}
        name={`lines.${index}.override`}
        render={({ field }) => (
          <label className="draft-line__override">
            <input
              type="checkbox"
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
            <span>Override price</span>
          </label>
        )}
      />
      {line.override && (
        <div className="draft-line__fields">
          <Controller
            control={control}
            name={`lines.${index}.price`}
            render={({ field }) => (
              <FormField
                id={`${base}-price`}
                label="Quoted price (USD)"
                hint="Each unit, instead of the company's price."
                error={lineErrors?.price?.message}
                className="draft-line__quoted"
              >
                {(props) => (
                  <Input
                    {...props}
                    {...field}
                    prefix="$"
                    suffix="each"
                    inputMode="decimal"
                    autoComplete="off"
                    status={lineErrors?.price ? 'error' : undefined}
                  />
                )}
              </FormField>
            )}
          />
          <Controller
            control={control}
            name={`lines.${index}.reason`}
            render={({ field }) => (
              <FormField
                id={`${base}-reason`}
                label="Reason for the price"
                hint="Kept in the audit log."
                error={lineErrors?.reason?.message}
                className="draft-line__reason"
              >
                {(props) => (
                  <Input
                    {...props}
                    {...field}
                    maxLength={QUOTE_LIMITS.reason}
                    autoComplete="off"
                    status={lineErrors?.reason ? 'error' : undefined}
                  />
                )}
              </FormField>
            )}
          />
        </div>
      )}
    </div>
  );
}
