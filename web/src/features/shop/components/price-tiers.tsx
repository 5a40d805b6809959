import { formatUsd, priceTiers, tierLabel, type Cents, type PriceBreak } from '@portal/domain';

interface PriceTiersProps {
  /** The buyer's base unit price. */
  base: Cents;
  /** Their role's quantity breaks. */
  breaks: readonly PriceBreak[];
  /** The smallest quantity that can be ordered: tiers below it are left out. */
  minimum: number;
  /** The quantity chosen: the tier it reaches is highlighted. */
  quantity: number;
}

/**
 * The quantity price ladder ("1–23 $4.50", "24+ $3.90") from the smallest quantity that can be
 * ordered, the tier reached marked "Your price".
 */
export function PriceTiers({ base, breaks, minimum, quantity }: PriceTiersProps) {
  const tiers = priceTiers(base, breaks)
    .filter((tier) => tier.to === null || tier.to >= minimum)
    .map((tier, index) => (index === 0 ? { ...tier, from: Math.max(tier.from, minimum) } : tier));
  return (
    <table className="price-tiers">
      <caption>Quantity pricing</caption>
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col">Price each</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => {
          const reached = quantity >= tier.from && (tier.to === null || quantity <= tier.to);
          return (
            <tr
              key={tier.from}
              className={
                reached ? 'price-tiers__row price-tiers__row--reached' : 'price-tiers__row'
              }
              aria-current={reached ? 'true' : undefined}
            >
              <th scope="row">{tierLabel(tier)}</th>
              <td>
                {formatUsd(tier.unit_amount)}
                {reached && <span className="price-tiers__yours">Your price</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
