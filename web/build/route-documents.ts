/**
 * One HTML document per route, so a phone fetches a page's code as soon as it has the HTML.
 *
 * Without them every URL gets the same index.html: the browser downloads the entry, runs it, the
 * router matches the URL and only then asks for the route's layouts and page and their imports,
 * one more round trip on a slow network and the entry's run time before the page's code even
 * starts to download. A route document is index.html plus `<link rel="modulepreload">` for every
 * JavaScript file of the route's first load (route-chunks.ts) and `<link rel="preload"
 * as="style">` for its CSS, so all of it downloads at once. The app itself is unchanged: the
 * router still loads the same modules and finds them fetched (Vite's loader skips a module that
 * a link already preloads, and applies the CSS itself, in its own order).
 *
 * Firebase Hosting picks the document by the rewrites of firebase.json, which must equal
 * hostingRewrites() (a test holds them together); `vite preview` picks it the same way
 * (documentFor, in the preview plugin), so the tests and `npm run perf` load what Hosting serves.
 */
// The route table by its file: Vite loads its config (and these modules) with Node, which cannot
// import the domain package's TypeScript entry, but bundles a relative import.
import { ROUTES, type RouteDef } from '../../packages/domain/src/routes.ts';
import type { FirstLoad } from './route-chunks.ts';

/** The folder of the route documents, in the build folder. */
export const ROUTE_DOCUMENTS_DIR = '_routes';

type Route = Pick<RouteDef, 'path' | 'module'>;

/**
 * The document a route is served (a path of the build folder): index.html for the landing page,
 * which Hosting serves for `/` before any rewrite, `_routes/<page module>.html` for the others,
 * the 404 page's for any other URL.
 */
export function routeDocument(route: Route): string {
  return route.path === ROUTES.home.path
    ? '/index.html'
    : `/${ROUTE_DOCUMENTS_DIR}/${route.module}.html`;
}

/** A route path as a Hosting glob: each `:param` segment matches any one segment. */
export function routeGlob(path: string): string {
  return path.replace(/:[A-Za-z]+/g, '*');
}

export interface HostingRewrite {
  source: string;
  destination: string;
}

/**
 * firebase.json's hosting rewrites: each route's path to its document, in the route table's
 * order, then everything else to the 404 page's document.
 */
export function hostingRewrites(
  table: Readonly<Record<string, RouteDef>> = ROUTES,
): HostingRewrite[] {
  const routes = Object.values(table);
  const notFound = routes.find((route) => route.path === '*');
  if (!notFound) throw new Error('The route table has no catch-all (*) route');
  return [
    ...routes
      .filter((route) => route.path !== '*' && route.path !== ROUTES.home.path)
      .map((route) => ({ source: routeGlob(route.path), destination: routeDocument(route) })),
    { source: '**', destination: routeDocument(notFound) },
  ];
}

/** Whether a URL path matches a Hosting glob of hostingRewrites() (`*` one segment, `**` any). */
export function globMatches(glob: string, pathname: string): boolean {
  if (glob === '**') return true;
  const pattern = glob
    .split('/')
    .map((segment) => (segment === '*' ? '[^/]+' : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`).test(pathname);
}

/** The document Hosting serves for a URL path that is no file of the build. */
export function documentFor(
  pathname: string,
  rewrites: readonly HostingRewrite[] = hostingRewrites(),
): string {
  if (pathname === '/') return routeDocument(ROUTES.home);
  return rewrites.find((rewrite) => globMatches(rewrite.source, pathname))!.destination;
}

/**
 * index.html with the route's first load preloaded: a modulepreload link for each JavaScript file
 * and a style preload for each CSS file that the page does not reference yet, before `</head>`.
 * `crossorigin` as on Vite's own tags, so the browser reuses the preloaded responses. The
 * `preconnect` origins come first: the data services the page calls once its code has run, so
 * their connections are open by then (the SDKs' requests carry no cookies: `crossorigin`).
 * `scripts` (build files) are scripts that preload more (the dashboard's tab in the URL,
 * admin-tab-chunks.ts): classic scripts before the page's first script and stylesheet, so they
 * are fetched at high priority and run as soon as they come, waiting for no stylesheet (a few
 * hundred bytes; the parser waits for them, but the module scripts run only once the document is
 * parsed anyway).
 */
export function withPreloads(
  html: string,
  firstLoad: Pick<FirstLoad, 'js' | 'css'>,
  preconnect: readonly string[] = [],
  scripts: readonly string[] = [],
): string {
  const href = (file: string) => `/${file}`;
  const missing = (file: string) => !html.includes(`"${href(file)}"`);
  const links = [
    ...preconnect.map((origin) => `<link rel="preconnect" crossorigin href="${origin}">`),
    ...firstLoad.js
      .filter(missing)
      .map((file) => `<link rel="modulepreload" crossorigin href="${href(file)}">`),
    ...firstLoad.css
      .filter(missing)
      .map((file) => `<link rel="preload" as="style" crossorigin href="${href(file)}">`),
  ];
  const head = /^([ \t]*)<\/head>/m;
  if (!head.test(html)) throw new Error('index.html has no </head> line');
  const withLinks = html.replace(head, (end, indent: string) =>
    [...links.map((link) => `${indent}  ${link}\n`), end].join(''),
  );
  if (scripts.length === 0) return withLinks;
  // Before the first script and stylesheet: a classic script waits for the stylesheets above it.
  const first = /^([ \t]*)<(script|link rel="stylesheet")\b/m;
  if (!first.test(withLinks)) throw new Error('index.html has no script or stylesheet line');
  return withLinks.replace(first, (line, indent: string) =>
    [...scripts.map((file) => `${indent}<script src="${href(file)}"></script>\n`), line].join(''),
  );
}
