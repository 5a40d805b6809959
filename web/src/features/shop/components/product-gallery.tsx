import { useState } from 'react';

/**
 * The product page's images: one large image and, when there are more, a row of thumbnails, each
 * a button that shows its image (the one shown is pressed).
 */
export function ProductGallery({ name, images }: { name: string; images: readonly string[] }) {
  const [current, setCurrent] = useState(0);
  const shown = Math.min(current, images.length - 1);
  const many = images.length > 1;
  return (
    <div className="product-gallery">
      <div className="product-gallery__main">
        <img
          src={images[shown]}
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
                <img src={src} alt="" width={80} height={60} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
