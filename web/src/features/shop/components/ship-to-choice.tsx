import { useEffect } from 'react';
import type { CompanyRole } from '@portal/domain';
import { NativeSelect } from '@/components/native-select';
import { useOrderingLocation, type LocationRecord } from '@/entities/company';

/** What the cart may do about the ship-to: wait, check out (to this location, or none), or not. */
export type ShipToState =
  { state: 'loading' } | { state: 'ready'; locationId: string | null } | { state: 'blocked' };

/**
 * The cart's "Ship to", with the company's locations it reads: a lazy chunk of the cart, so the
 * cart's first load does not wait for it (the button waits for `onChange` to say ready).
 */
export function ShipToPicker({
  member,
  disabled,
  onChange,
  onChoose,
}: {
  member: {
    uid: string;
    companyId: string;
    companyRole: CompanyRole;
    locationIds: readonly string[];
  };
  disabled: boolean;
  onChange: (state: ShipToState) => void;
  /** The buyer picked another location (the cart clears a refusal about the previous one). */
  onChoose: () => void;
}) {
  const ordering = useOrderingLocation(member);
  const companyHasLocations = (ordering.locations.data ?? []).some((l) => !l.archived);
  const loaded = ordering.locations.isSuccess;
  const currentId = ordering.current?.id ?? null;
  useEffect(() => {
    if (!loaded) onChange({ state: 'loading' });
    else if (!companyHasLocations) onChange({ state: 'ready', locationId: null });
    else onChange(currentId ? { state: 'ready', locationId: currentId } : { state: 'blocked' });
  }, [loaded, companyHasLocations, currentId, onChange]);
  if (ordering.locations.isError) {
    return (
      <p className="order-summary__refusal" role="alert">
        Could not load your locations. Reload the page to try again.
      </p>
    );
  }
  if (!loaded) return null;
  return (
    <ShipToChoice
      usable={ordering.usable}
      current={ordering.current}
      companyHasLocations={companyHasLocations}
      onChoose={(locationId) => {
        onChoose();
        ordering.choose(locationId);
      }}
      disabled={disabled}
    />
  );
}

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
      <p className="order-summary__refusal" role="alert">
        You have no location to order for. Ask your company&apos;s owner to assign one.
      </p>
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
