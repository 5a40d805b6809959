import { PRODUCT_PAGE_IMAGE_SIZES, THUMB_IMAGE_SIZES, type ImageSizes } from '@portal/domain';
import { useState } from 'react';
import { ProductImage } from '@/components/product-image';

/**
 * The product page's images: one large image and, when there are more, a row of thumbnails, each
 * a button that shows its image (the one shown is pressed).
 */
export function ProductGallery({
  name,
  images,
  imageSizes,
}: {
  name: string;
  images: readonly string[];
  imageSizes?: ImageSizes | undefined;
}) {
  const [current, setCurrent] = useState(0);
  const shown = Math.min(current, images.length - 1);
  const many = images.length > 1;
  return (
    <div className="product-gallery">
      <div className="product-gallery__main">
        <ProductImage
          image={images[shown] ?? ''}
          imageSizes={imageSizes}
          sizes={PRODUCT_PAGE_IMAGE_SIZES}
          fallbackWidth={800}
          alt={many ? `${name}, image ${shown + 1} of ${images.length}` : name}
          width={640}
          height={480}
          fetchPriority="high"
          decoding="async"
        />
      </div>
      {many && (
        <ul className="product-gallery__thumbs" aria-label={`Images of ${name}`}>
          {images.map((src, index) => (
            <li key={`${index}-${src}`}>
              <button
                type="button"
                className="product-gallery__thumb"
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === shown}
                onClick={() => setCurrent(index)}
              >
                <ProductImage
                  image={src}
                  imageSizes={imageSizes}
                  sizes={THUMB_IMAGE_SIZES}
                  fallbackWidth={160}
                  alt=""
                  width={80}
                  height={60}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
