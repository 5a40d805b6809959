import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** 404 (SPEC section 2). */
export function Component() {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 28 }}>404</h1>}
        subTitle="Oops! Page not found"
        extra={
          <Link to={paths.home}>
            <Button type="primary">Return to Home</Button>
          </Link>
        }
      />
    </main>
  );
}
