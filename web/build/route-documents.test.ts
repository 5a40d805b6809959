// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES, routePath, type RouteDef } from '@portal/domain';
import { routeFirstLoad, type Manifest } from './route-chunks';
import {
  documentFor,
  globMatches,
  hostingRewrites,
  routeDocument,
  withPreloads,
} from './route-documents';

const firebaseJson = JSON.parse(
  readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'),
) as { hosting: { rewrites: unknown } };

describe('the route documents Hosting serves', () => {
  it("firebase.json's rewrites are the route table's (paste hostingRewrites() when a route changes)", () => {
    expect(firebaseJson.hosting.rewrites).toEqual(hostingRewrites());
  });

  it('gives every page module its own document, the landing page index.html', () => {
    // Routes that share a module (the mail links': /newsletter/:action and /skip) share its page.
    const documents = Object.values(ROUTES).map(routeDocument);
    const modules = new Set(Object.values(ROUTES).map((route) => route.module));
    expect(new Set(documents).size).toBe(modules.size);
    expect(routeDocument(ROUTES.skip)).toBe(routeDocument(ROUTES.newsletter));
    expect(routeDocument(ROUTES.home)).toBe('/index.html');
    expect(routeDocument(ROUTES.login)).toBe('/_routes/login.html');
    expect(routeDocument(ROUTES.notFound)).toBe('/_routes/not-found.html');
  });

  it("answers each route's URLs, params filled in, with its document and anything else with the 404 page's", () => {
    expect(documentFor('/')).toBe('/index.html');
    expect(documentFor('/login')).toBe('/_routes/login.html');
    expect(documentFor('/admin')).toBe('/_routes/admin.html');
    expect(documentFor('/admin/login')).toBe('/_routes/admin-login.html');
    expect(documentFor(routePath('product', { productId: 'purple-dream' }))).toBe(
      '/_routes/product.html',
    );
    expect(documentFor(routePath('invoice', { orderId: 'DmR7q2Lk9xPa' }))).toBe(
      '/_routes/invoice.html',
    );
    expect(documentFor(routePath('quote', { quoteId: 'q1' }))).toBe('/_routes/quote.html');
    expect(documentFor(routePath('adminQuote', { quoteId: 'q1' }))).toBe(
      '/_routes/admin-quote.html',
    );
    for (const path of ['/nope', '/login/extra', '/portal/products/a/b', '/portal/orders/x', '']) {
      expect(documentFor(path)).toBe('/_routes/not-found.html');
    }
  });

  it('matches globs segment by segment, literally otherwise', () => {
    expect(globMatches('/newsletter/*', '/newsletter/confirm')).toBe(true);
    expect(globMatches('/newsletter/*', '/newsletter/')).toBe(false);
    expect(globMatches('/newsletter/*', '/newsletter/a/b')).toBe(false);
    expect(globMatches('/a.b', '/aXb')).toBe(false);
    expect(globMatches('**', '/any/thing')).toBe(true);
  });

  it('refuses a route table without a catch-all', () => {
    const { notFound: _, ...rest } = ROUTES as Record<string, RouteDef>;
    expect(() => hostingRewrites(rest)).toThrow('no catch-all');
  });
});

const INDEX = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe('withPreloads', () => {
  it('preloads the files index.html does not load yet, JavaScript as modules and CSS as styles, before </head>', () => {
    const html = withPreloads(INDEX, {
      js: ['assets/index-1.js', 'assets/react-1.js', 'assets/login-2.js', 'assets/zod-3.js'],
      css: ['assets/index-1.css', 'assets/login-2.css'],
    });
    expect(html).toBe(
      INDEX.replace(
        '  </head>',
        [
          '    <link rel="modulepreload" crossorigin href="/assets/login-2.js">',
          '    <link rel="modulepreload" crossorigin href="/assets/zod-3.js">',
          '    <link rel="preload" as="style" crossorigin href="/assets/login-2.css">',
          '  </head>',
        ].join('\n'),
      ),
    );
  });

  it('opens the connections to the given origins first', () => {
    const html = withPreloads(INDEX, { js: ['assets/login-2.js'], css: [] }, [
      'https://firestore.googleapis.com',
    ]);
    expect(html).toContain(
      [
        '    <link rel="preconnect" crossorigin href="https://firestore.googleapis.com">',
        '    <link rel="modulepreload" crossorigin href="/assets/login-2.js">',
        '  </head>',
      ].join('\n'),
    );
  });

  it('puts the scripts that preload more before the first script and stylesheet', () => {
    const html = withPreloads(INDEX, { js: [], css: [] }, [], ['assets/tab-preload-1.js']);
    const lines = html.split('\n');
    const script = lines.indexOf('    <script src="/assets/tab-preload-1.js"></script>');
    expect(script).toBeGreaterThan(0);
    expect(lines[script + 1]).toMatch(/^ {4}<(script type="module"|link rel="stylesheet")/);
    expect(lines.slice(0, script).join('\n')).not.toMatch(/<script|rel="stylesheet"/);
    expect(html.replace(`${lines[script]}\n`, '')).toBe(INDEX);
    expect(() =>
      withPreloads('<html><head>\n</head></html>', { js: [], css: [] }, [], ['assets/x.js']),
    ).toThrow('no script or stylesheet line');
  });

  it('leaves index.html as it is when it loads everything already, and refuses one without a head', () => {
    expect(withPreloads(INDEX, { js: ['assets/index-1.js'], css: [] })).toBe(INDEX);
    expect(() => withPreloads('<html><body></body></html>', { js: [], css: [] })).toThrow(
      '</head>',
    );
  });
});

describe('routeFirstLoad', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      css: ['assets/index.css'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_zod.js': { file: 'assets/zod.js', imports: ['_react.js'] },
    'src/app/routes/public-shell.tsx': {
      file: 'assets/shell.js',
      imports: ['_react.js'],
      css: ['assets/shell.css'],
    },
    'src/app/routes/login.tsx': {
      file: 'assets/login.js',
      imports: ['_zod.js'],
      css: ['assets/shell.css'],
    },
  };

  it('is the entry, the layouts and the page with their static imports, each file once', () => {
    expect(routeFirstLoad(manifest, ROUTES.login)).toEqual({
      keys: [
        'index.html',
        '_react.js',
        'src/app/routes/public-shell.tsx',
        'src/app/routes/login.tsx',
        '_zod.js',
      ],
      js: [
        'assets/index.js',
        'assets/react.js',
        'assets/shell.js',
        'assets/login.js',
        'assets/zod.js',
      ],
      css: ['assets/index.css', 'assets/shell.css'],
    });
  });

  it('names a module the build has no chunk for', () => {
    expect(() => routeFirstLoad(manifest, ROUTES.apply)).toThrow(
      'src/app/routes/apply.tsx is not in the Vite manifest',
    );
  });
});
