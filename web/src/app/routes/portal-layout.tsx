import { Outlet } from 'react-router-dom';

/** /portal/* layout. The buyer-portal issue adds the guard and the header here. */
export function Component() {
  return <Outlet />;
}
