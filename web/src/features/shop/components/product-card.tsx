import { ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { formatUsd, MAX_LINE_QUANTITY, type BuyerRole } from '@portal/domain';
import type { PricedProduct } from '@/entities/catalog';

interface ProductCardProps {
  product: PricedProduct;
  role: BuyerRole;
  inCart: number;
  adding: boolean;
  buying: boolean;
  /** True while any Buy Now is on its way to the payment page. */
  checkoutBusy: boolean;
  onAdd: () => void;
  onBuy: () => void;
}

export function ProductCard({
  product,
  role,
  inCart,
  adding,
  buying,
  checkoutBusy,
  onAdd,
  onBuy,
}: ProductCardProps) {
  const headingId = `product-${product.id}-name`;
  return (
    <article className="product-card" aria-labelledby={headingId}>
      <div className="product-card__media">
        <img
          src={product.image_url}
          alt={product.name}
          loading="lazy"
          decoding="async"
          width={320}
          height={240}
        />
        {role === 'wholesaler' && (
          <Tag className="product-card__badge" color="cyan">
            Wholesale
          </Tag>
        )}
      </div>
      <div className="product-card__body">
        <h2 id={headingId} className="product-card__name">
          {product.name}
        </h2>
        <p className="product-card__description">{product.description}</p>
        <p className="product-card__price">{formatUsd(product.unit_price)}</p>
        <div className="product-card__actions">
          <Button
            icon={<ShoppingCartOutlined />}
            onClick={onAdd}
            loading={adding}
            disabled={inCart >= MAX_LINE_QUANTITY}
            aria-label={inCart > 0 ? `Add to Cart (${inCart} in cart)` : 'Add to Cart'}
            block
          >
            Add to Cart
            {inCart > 0 && (
              <span className="product-card__in-cart" aria-hidden="true">
                {inCart}
              </span>
            )}
          </Button>
          <Button
            type="primary"
            icon={<ThunderboltOutlined />}
            onClick={onBuy}
            loading={buying}
            disabled={checkoutBusy && !buying}
            aria-label={`Buy Now: ${product.name}`}
            block
          >
            Buy Now
          </Button>
        </div>
      </div>
    </article>
  );
}
