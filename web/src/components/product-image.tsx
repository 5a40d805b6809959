import { imageSource, type ImageSizes } from '@portal/domain';
import type { ImgHTMLAttributes } from 'react';

/**
 * One of a product's images (docs/catalog.md#photos): a URL as it is; an uploaded photo as the
 * sizes the functions made of it, with `sizes` telling the browser how wide it is shown, so a
 * phone downloads the small one. While a photo's sizes are not made yet, a neutral box stands in.
 */
export function ProductImage({
  image,
  imageSizes,
  sizes,
  fallbackWidth,
  alt,
  className,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  image: string;
  imageSizes: ImageSizes | undefined;
  /** How wide the image is shown (the <img sizes> attribute). */
  sizes: string;
  /** The width of the src given to browsers without srcset. */
  fallbackWidth?: number;
  alt: string;
}) {
  const source = imageSource(image, imageSizes, fallbackWidth);
  if (!source) {
    return (
      <span
        className={['product-image--pending', className].filter(Boolean).join(' ')}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      />
    );
  }
  return (
    <img
      {...rest}
      className={className}
      alt={alt}
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.srcSet ? sizes : undefined}
    />
  );
}
