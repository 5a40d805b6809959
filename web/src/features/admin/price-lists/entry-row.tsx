/**
 * One product of a price list in the editor: its kind (a fixed price or a percentage off the
 * company's tier price), the value in dollars or percent, its quantity breaks, and what one unit
 * would cost each tier with it beside the tier's own price, so the manager sees the effect.
 */
import { formatUsd, PRICE_LIST_LIMITS } from '@portal/domain';
import { Input, InputNumber, Select } from 'antd';
import {
  Controller,
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
} from 'react-hook-form';
import type { SavePriceListInput } from '@portal/domain';
import type { ProductWithPrices } from '@/entities/catalog';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { DeleteOutlined, PlusOutlined } from '@/components/icons';
import {
  ENTRY_KIND_LABELS,
  unitPricePreview,
  type EntryKind,
  type PriceListFormValues,
  type TierPreview,
} from './price-list-form';

export type PriceListControl = Control<PriceListFormValues, unknown, SavePriceListInput>;

const KIND_OPTIONS = (Object.keys(ENTRY_KIND_LABELS) as EntryKind[]).map((kind) => ({
  value: kind,
  label: ENTRY_KIND_LABELS[kind],
}));

/** The message of a field array as a whole (the resolver puts it at `root`). */
function arrayMessage(error: unknown): string | undefined {
  const value = error as { message?: string; root?: { message?: string } } | undefined;
  return value?.root?.message ?? value?.message;
}

/** "Retail $29.99 → $26.99", or the tier's price alone when the list's is not lower. */
function TierLine({ tier, preview }: { tier: string; preview: TierPreview | null }) {
  if (preview === null) return <span>{tier}: no price set</span>;
  if (preview.list >= preview.tier) {
    return (
      <span>
        {tier} {formatUsd(preview.tier)} (not lower: the tier price applies)
      </span>
    );
  }
  return (
    <span>
      {tier} {formatUsd(preview.tier)} → <strong>{formatUsd(preview.list)}</strong>
    </span>
  );
}

function UnitPreview({
  row,
  product,
}: {
  row: { kind: EntryKind; value: string };
  product: ProductWithPrices | undefined;
}) {
  if (!product) {
    return <p className="price-list-entry__preview">This product is not in the catalog.</p>;
  }
  const preview = unitPricePreview(row, product);
  if (!preview) {
    return (
      <p className="price-list-entry__preview">
        Retail {formatUsd(product.price_retailer)} · Wholesale{' '}
        {product.price_wholesaler === null ? 'not set' : formatUsd(product.price_wholesaler)}
      </p>
    );
  }
  return (
    <p className="price-list-entry__preview">
      <span>At 1 unit:</span> <TierLine tier="Retail" preview={preview.retail} />
      <span aria-hidden="true"> · </span>
      <TierLine tier="Wholesale" preview={preview.wholesale} />
    </p>
  );
}

/** The row's quantity breaks: from how many units, at what price or percentage off. */
function EntryBreaks({
  control,
  index,
  kind,
  name,
  errors,
}: {
  control: PriceListControl;
  index: number;
  kind: EntryKind;
  name: string;
  errors: FieldErrors<PriceListFormValues>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `entries.${index}.breaks` });
  const breakErrors = errors.entries?.[index]?.breaks;
  const listError = arrayMessage(breakErrors);
  const full = fields.length >= PRICE_LIST_LIMITS.breaks;
  const fixed = kind === 'fixed';

  return (
    <fieldset className="price-list-breaks">
      <legend className="price-list-breaks__legend">Quantity breaks</legend>
      {fields.map((field, j) => {
        const stepErrors = Array.isArray(breakErrors) ? breakErrors[j] : undefined;
        const messages = [stepErrors?.min_quantity?.message, stepErrors?.value?.message].filter(
          (message): message is string => Boolean(message),
        );
        const stepName = `${name} break ${j + 1}`;
        return (
          <div key={field.id} className="price-list-breaks__row">
            <div className="price-list-breaks__inputs">
              <Controller
                control={control}
                name={`entries.${index}.breaks.${j}.min_quantity`}
                render={({ field: input }) => (
                  <InputNumber
                    aria-label={`${stepName} from quantity`}
                    prefix="From"
                    suffix="units"
                    min={2}
                    precision={0}
                    value={input.value}
                    onChange={(value) => input.onChange(value)}
                    onBlur={input.onBlur}
                    status={stepErrors?.min_quantity ? 'error' : undefined}
                  />
                )}
              />
              <Controller
                control={control}
                name={`entries.${index}.breaks.${j}.value`}
                render={({ field: input }) => (
                  <Input
                    {...input}
                    aria-label={fixed ? `${stepName} price` : `${stepName} percent off`}
                    prefix={fixed ? '$' : undefined}
                    suffix={fixed ? 'each' : '% off'}
                    inputMode="decimal"
                    status={stepErrors?.value ? 'error' : undefined}
                  />
                )}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={`Remove ${stepName}`}
                onClick={() => remove(j)}
              />
            </div>
            {messages.map((message) => (
              <span key={message} className="price-list-error">
                {message}
              </span>
            ))}
          </div>
        );
      })}
      {listError && (
        <span role="alert" className="price-list-error">
          {listError}
        </span>
      )}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={full}
        onClick={() => append({ min_quantity: null, value: '' })}
      >
        {/* The visible words first in the name (WCAG 2.5.3), then which product. */}
        {full ? `At most ${PRICE_LIST_LIMITS.breaks} breaks` : 'Add break'}
        <span className="visually-hidden"> to {name}</span>
      </Button>
    </fieldset>
  );
}

/** One row of the list: a group named by its product, with a Remove button. */
export function EntryRow({
  control,
  index,
  product,
  errors,
  onRemove,
}: {
  control: PriceListControl;
  index: number;
  product: ProductWithPrices | undefined;
  errors: FieldErrors<PriceListFormValues>;
  onRemove: () => void;
}) {
  const row = useWatch({ control, name: `entries.${index}` });
  const name = product?.name ?? `Unknown product (${row.product_id})`;
  const rowErrors = errors.entries?.[index];
  const base = `price-list-entry-${index}`;
  const fixed = row.kind === 'fixed';

  return (
    <div role="group" aria-labelledby={`${base}-name`} className="price-list-entry">
      <div className="price-list-entry__head">
        <div className="price-list-entry__product">
          <span id={`${base}-name`} className="price-list-entry__name">
            {name}
          </span>
          {product?.sku && <span className="price-list-entry__sku">{product.sku}</span>}
        </div>
        <Button
          icon={<DeleteOutlined />}
          aria-label={`Remove ${name}`}
          onClick={onRemove}
          danger
          type="text"
        />
      </div>
      <div className="price-list-entry__fields">
        <Controller
          control={control}
          name={`entries.${index}.kind`}
          render={({ field }) => (
            <FormField id={`${base}-kind`} label="Price type">
              <Select<EntryKind>
                id={`${base}-kind`}
                style={{ width: '100%' }}
                options={KIND_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name={`entries.${index}.value`}
          render={({ field }) => (
            <FormField
              id={`${base}-value`}
              label={fixed ? 'Price (USD)' : 'Percent off'}
              error={rowErrors?.value?.message}
            >
              {(props) => (
                <Input
                  {...props}
                  {...field}
                  prefix={fixed ? '$' : undefined}
                  suffix={fixed ? 'each' : '% off'}
                  inputMode="decimal"
                  autoComplete="off"
                  status={rowErrors?.value ? 'error' : undefined}
                />
              )}
            </FormField>
          )}
        />
      </div>
      <UnitPreview row={row} product={product} />
      <EntryBreaks control={control} index={index} kind={row.kind} name={name} errors={errors} />
    </div>
  );
}
