import { Alert } from '@/components/alert';
import { NativeSelect } from '@/components/native-select';
import type { LocationRecord } from '@/entities/company';

/**
 * The cart's "Ship to": the company location this order is for (docs/companies.md#locations).
 * Checkout pre-fills its address; the buyer can still correct it there. With no location at all,
 * checkout asks for the address; a buyer with locations but none of them theirs cannot order.
 */
export function ShipToChoice({
  usable,
  current,
  companyHasLocations,
  onChoose,
  disabled,
}: {
  usable: readonly LocationRecord[];
  current: LocationRecord | null;
  companyHasLocations: boolean;
  onChoose: (locationId: string) => void;
  disabled: boolean;
}) {
  if (!companyHasLocations) {
    return (
      <p className="order-summary__note">
        Checkout asks for the ship-to address. Your company&apos;s owner can save locations in My
        Account.
      </p>
    );
  }
  if (!current) {
    return (
      <Alert
        type="warning"
        title="You have no location to order for. Ask your company's owner to assign one."
        className="order-summary__alert"
      />
    );
  }
  return (
    <div className="ship-to-choice">
      <label htmlFor="cart-ship-to" className="ship-to-choice__label">
        Ship to
      </label>
      <NativeSelect
        id="cart-ship-to"
        name="ship-to"
        value={current.id}
        onChange={onChoose}
        options={usable.map((location) => ({ value: location.id, label: location.name }))}
        disabled={disabled || usable.length < 2}
      />
      <p className="order-summary__note ship-to-choice__address">
        {[
          current.ship_to.address.line1,
          `${current.ship_to.address.city}, ${current.ship_to.address.state}`,
        ].join(', ')}
      </p>
    </div>
  );
}
