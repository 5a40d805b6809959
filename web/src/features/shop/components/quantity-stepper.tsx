import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { MAX_LINE_QUANTITY } from '@portal/domain';

interface QuantityStepperProps {
  name: string;
  quantity: number;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}

/** − quantity + ; decrease is disabled at 1 and increase at the per-line cap. */
export function QuantityStepper({
  name,
  quantity,
  disabled = false,
  onChange,
}: QuantityStepperProps) {
  return (
    <div className="quantity-stepper" role="group" aria-label={`Quantity of ${name}`}>
      <Button
        size="small"
        icon={<MinusOutlined />}
        aria-label={`Decrease quantity of ${name}`}
        disabled={disabled || quantity <= 1}
        onClick={() => quantity > 1 && onChange(quantity - 1)}
      />
      <output
        className="quantity-stepper__value"
        aria-live="polite"
        aria-label={`Quantity ${quantity}`}
      >
        {quantity}
      </output>
      <Button
        size="small"
        icon={<PlusOutlined />}
        aria-label={`Increase quantity of ${name}`}
        disabled={disabled || quantity >= MAX_LINE_QUANTITY}
        onClick={() => quantity < MAX_LINE_QUANTITY && onChange(quantity + 1)}
      />
    </div>
  );
}
