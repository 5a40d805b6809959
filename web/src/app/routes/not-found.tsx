import { Link } from 'react-router';
import { BrandFrame } from '@/components/brand-frame';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * 404 (docs/product.md#14-page-not-found-and-the-error-screen), on the brand's frame like the other
 * result pages: a white card with its text at AA contrast. No antd and no Firebase (the route has
 * no layout), so an unknown address costs a phone little more than the router. 'Return to Home' is
 * one link styled as the primary button, and the click stays inside the SPA.
 */
export function Component() {
  usePageTitle('Page not found');
  return (
    <BrandFrame>
      <section className="result-card" aria-labelledby="not-found-title">
        <p className="result-card__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="result-card__title">
          Oops! Page not found
        </h1>
        <p className="result-card__text">
          This page does not exist or has moved. Check the address, or start again from home.
        </p>
        <div className="result-card__actions">
          <Link to={paths.home} className="result-card__button">
            Return to Home
          </Link>
        </div>
      </section>
    </BrandFrame>
  );
}
