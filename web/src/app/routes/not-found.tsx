import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { BrandScreen } from '@/components/brand-screen';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * 404 (docs/product.md §14), on the brand's frame like the other result pages: a white card with
 * its text at AA contrast. 'Return to Home' is one link styled as a button (antd Button with href
 * renders an <a>), not a button nested in a link, which is invalid and read twice by screen
 * readers; the click stays inside the SPA.
 */
export function Component() {
  usePageTitle('Page not found');
  const navigate = useNavigate();
  return (
    <BrandScreen>
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
          <Button
            type="primary"
            size="large"
            block
            href={paths.home}
            onClick={(event) => {
              event.preventDefault();
              navigate(paths.home);
            }}
          >
            Return to Home
          </Button>
        </div>
      </section>
    </BrandScreen>
  );
}
