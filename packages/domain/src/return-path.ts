import { ROUTES } from './routes';

/**
 * Where a person goes back to after signing in again (docs/product.md#81-guard,
 * docs/product.md#121-access): the page they were on when their session ended, carried in the
 * sign-in page's address as `?next=<path>`. Anyone can write that address, so it is read as
 * untrusted text and followed only when it is a path of this site inside the area of that sign-in
 * page: `/portal/...` after the buyers' sign-in, `/admin/...` after the managers'. Anything else
 * (another origin, `//host`, a backslash, an encoded dot segment, a control character) is ignored:
 * never an open redirect.
 */

/** The query parameter of the sign-in pages that holds the return path. */
export const RETURN_PATH_PARAM = 'next';

/** The two signed-in areas: the buyers' portal and the managers' pages. */
export type ReturnArea = 'portal' | 'admin';

/** Longer return paths are ignored (a real page's path and query are far shorter). */
export const MAX_RETURN_PATH_LENGTH = 1000;

const AREA_ROOTS: Record<ReturnArea, string> = {
  portal: ROUTES.portal.path,
  admin: ROUTES.admin.path,
};

/** The sign-in page of each area, which is never a place to return to. */
const SIGN_IN_PATHS: Record<ReturnArea, string> = {
  portal: ROUTES.login.path,
  admin: ROUTES.adminLogin.path,
};

function insideArea(pathname: string, area: ReturnArea): boolean {
  const root = AREA_ROOTS[area];
  if (pathname !== root && !pathname.startsWith(`${root}/`)) return false;
  return pathname !== SIGN_IN_PATHS[area] && !pathname.startsWith(`${SIGN_IN_PATHS[area]}/`);
}

/** A `.` or `..` segment, written plainly or percent-encoded (browsers resolve `%2e%2e` too). */
function isDotSegment(segment: string): boolean {
  const plain = segment.toLowerCase().replaceAll('%2e', '.');
  return plain === '.' || plain === '..';
}

/**
 * The return path when `raw` is a safe path of this site inside one of `areas`, else null. The
 * path may carry a query and a fragment (`/portal/store?q=blue`), returned as they are.
 */
export function safeReturnPath(
  raw: unknown,
  areas: readonly ReturnArea[] = ['portal', 'admin'],
): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RETURN_PATH_LENGTH) {
    return null;
  }
  // A path of this site: one leading slash, never a scheme, a host (`//`) or a backslash
  // (browsers read `/\host` as `//host`); no whitespace or control characters.
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(raw)) return null;
  const pathname = raw.split(/[?#]/, 1)[0] ?? '';
  // A trailing slash leaves one empty last segment; any other empty segment (`/portal//x`) or
  // a dot segment (`/portal/../login`) is refused.
  const segments = pathname.split('/').slice(1);
  const inner = segments.at(-1) === '' ? segments.slice(0, -1) : segments;
  if (inner.length === 0 || inner.some((segment) => segment === '' || isDotSegment(segment))) {
    return null;
  }
  const bare = `/${inner.join('/')}`;
  return areas.some((area) => insideArea(bare, area)) ? raw : null;
}

/** Which area a (safe) return path belongs to. */
export function returnPathArea(path: string): ReturnArea | null {
  if (safeReturnPath(path, ['portal'])) return 'portal';
  if (safeReturnPath(path, ['admin'])) return 'admin';
  return null;
}

/**
 * The area's sign-in page (`/login` or `/admin/login`), with `returnTo` as its return path when
 * that is a safe path of the area.
 */
export function signInPath(area: ReturnArea, returnTo?: string | null): string {
  const page = SIGN_IN_PATHS[area];
  const next = safeReturnPath(returnTo, [area]);
  return next ? `${page}?${RETURN_PATH_PARAM}=${encodeURIComponent(next)}` : page;
}
