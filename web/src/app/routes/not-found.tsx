import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * 404 (docs/product.md §14). 'Return to Home' is one link styled as a button (antd Button with href
 * renders an <a>), not a button nested in a link, which is invalid and read twice by screen
 * readers; the click stays inside the SPA.
 */
export function Component() {
  usePageTitle('Page not found');
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 28 }}>404</h1>}
        subTitle="Oops! Page not found"
        extra={
          <Button
            type="primary"
            href={paths.home}
            onClick={(event) => {
              event.preventDefault();
              navigate(paths.home);
            }}
          >
            Return to Home
          </Button>
        }
      />
    </main>
  );
}
