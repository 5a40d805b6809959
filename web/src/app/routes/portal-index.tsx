import { Navigate, redirect } from 'react-router';
import { paths } from '@/config/paths';

/**
 * /portal itself goes to the store, before anything renders: the store's loader then starts the
 * catalog read alongside the guard's checks (a redirect rendered inside the guard waited for
 * them). The guard of /portal/store decides who may stay.
 */
export function loader() {
  return redirect(paths.store);
}

/** What the route renders should the loader not have run (React Router wants a leaf to render). */
export function Component() {
  return <Navigate to={paths.store} replace />;
}
