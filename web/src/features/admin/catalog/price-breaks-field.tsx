import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_PRICE_BREAKS } from '@portal/domain';
import { Button, Input, InputNumber, Typography } from 'antd';
import { Controller, useFieldArray, type Control, type FieldErrors } from 'react-hook-form';
import type { BreakRowsName, ProductFormInput, ProductFormOutput } from './product-form';

/** The message of a field array as a whole (zodResolver puts it at `root` or on the array). */
function arrayMessage(error: unknown): string | undefined {
  const value = error as { message?: string; root?: { message?: string } } | undefined;
  return value?.root?.message ?? value?.message;
}

/**
 * A price's quantity breaks: rows of "from quantity" and "unit price", added and removed, at
 * most MAX_PRICE_BREAKS. Each row's field errors show under it, the ladder's problem (a break
 * that does not start higher or cost less than the one before) under the list.
 */
export function PriceBreaksField({
  control,
  name,
  label,
  errors,
}: {
  control: Control<ProductFormInput, unknown, ProductFormOutput>;
  name: BreakRowsName;
  /** "Retail" or "Wholesale": names the rows for screen readers. */
  label: string;
  errors: FieldErrors<ProductFormInput>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const rowErrors = errors[name];
  const listError = arrayMessage(rowErrors);
  const full = fields.length >= MAX_PRICE_BREAKS;

  return (
    <fieldset className="price-breaks" aria-label={`${label} price breaks`}>
      <legend className="price-breaks__legend">{label} price breaks</legend>
      {fields.length === 0 && (
        <Typography.Text type="secondary" className="price-breaks__empty">
          One price for any quantity.
        </Typography.Text>
      )}
      {fields.map((field, index) => {
        const rowError = Array.isArray(rowErrors) ? rowErrors[index] : undefined;
        const messages = [rowError?.min_quantity?.message, rowError?.unit_amount?.message].filter(
          Boolean,
        );
        const rowName = `${label} break ${index + 1}`;
        return (
          <div key={field.id} className="price-breaks__row">
            <div className="price-breaks__inputs">
              <Controller
                control={control}
                name={`${name}.${index}.min_quantity`}
                render={({ field: input }) => (
                  <InputNumber
                    aria-label={`${rowName} from quantity`}
                    prefix="From"
                    suffix="units"
                    min={2}
                    precision={0}
                    value={input.value}
                    onChange={(value) => input.onChange(value)}
                    onBlur={input.onBlur}
                    status={rowError?.min_quantity ? 'error' : undefined}
                  />
                )}
              />
              <Controller
                control={control}
                name={`${name}.${index}.unit_amount`}
                render={({ field: input }) => (
                  <Input
                    {...input}
                    aria-label={`${rowName} unit price`}
                    prefix="$"
                    suffix="each"
                    inputMode="decimal"
                    status={rowError?.unit_amount ? 'error' : undefined}
                  />
                )}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={`Remove ${rowName}`}
                onClick={() => remove(index)}
              />
            </div>
            {messages.map((message) => (
              <Typography.Text key={message} type="danger" className="price-breaks__error">
                {message}
              </Typography.Text>
            ))}
          </div>
        );
      })}
      {listError && (
        <Typography.Text type="danger" role="alert" className="price-breaks__error">
          {listError}
        </Typography.Text>
      )}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={full}
        onClick={() => append({ min_quantity: null, unit_amount: '' })}
      >
        {full ? `At most ${MAX_PRICE_BREAKS} breaks` : `Add ${label.toLowerCase()} price break`}
      </Button>
    </fieldset>
  );
}
