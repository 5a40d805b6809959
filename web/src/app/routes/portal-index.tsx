import { Navigate } from 'react-router';
import { paths } from '@/config/paths';

/** /portal itself goes to the store. */
export function Component() {
  return <Navigate to={paths.store} replace />;
}
