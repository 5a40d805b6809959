import { NativeSelect } from '@/components/native-select';

/**
 * My Account's `Location` filter of a company's orders (only shown when they went to more than
 * one location): a lazy chunk, so a one-store buyer's orders load without it.
 */
export function LocationFilter({
  locations,
  value,
  onChange,
}: {
  /** [id, name] of each location the orders went to. */
  locations: readonly (readonly [string, string])[];
  value: string;
  onChange: (locationId: string) => void;
}) {
  return (
    <div className="order-filter">
      <label htmlFor="orders-location">Location</label>
      <NativeSelect
        id="orders-location"
        name="location"
        value={value}
        onChange={onChange}
        options={[
          { value: '', label: 'All locations' },
          ...locations.map(([id, name]) => ({ value: id, label: name })),
        ]}
      />
    </div>
  );
}
