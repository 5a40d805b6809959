import { formatUsd } from '@portal/domain';
import type { PricedProduct } from '@/entities/catalog';

/**
 * The deal behind a company's price (docs/pricing.md): the price list that lowered it and the
 * tier price it replaces, struck through. Nothing when the tier price applies.
 */
export function CompanyDeal({
  product,
  className,
}: {
  product: Pick<PricedProduct, 'price_list' | 'tier_price' | 'unit_price'>;
  className: string;
}) {
  if (!product.price_list || product.unit_price >= product.tier_price) return null;
  return (
    <p className={className}>
      {product.price_list.name}{' '}
      <s>
        <span className="visually-hidden">instead of </span>
        {formatUsd(product.tier_price)}
      </s>
    </p>
  );
}
