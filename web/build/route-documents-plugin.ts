/**
 * The Vite side of route-documents.ts: the build writes one document per route beside
 * index.html, and `vite preview` serves them the way Firebase Hosting's rewrites do.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES, type LayoutModule } from '../../packages/domain/src/routes.ts';
import { loadEnv, type Plugin } from 'vite';
import { firebaseDataOrigins, type BuildEnv } from '../src/config/firebase-web-config.ts';
import { adminTabFiles, tabPreloadFile, tabPreloadScript } from './admin-tab-chunks.ts';
import { readManifest, routeFirstLoad, type Manifest } from './route-chunks.ts';
import { documentFor, hostingRewrites, routeDocument, withPreloads } from './route-documents.ts';

/** A URL path decoded, or as it came when it is no valid encoding (then no file or route has it). */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The script that preloads the chunks of the dashboard's tab in the URL, and its build file. */
function adminTabPreload(webRoot: string, manifest: Manifest): { file: string; text: string } {
  const { tabs, fallback } = adminTabFiles(webRoot, manifest);
  const text = tabPreloadScript(tabs, fallback);
  return { file: tabPreloadFile(text), text };
}

/**
 * Writes `_routes/<page>.html` for every route beside index.html and adds the landing page's
 * preloads to index.html, once the build is on disk; the documents of the pages that read
 * Firebase on arrival also preconnect to its services. Needs the manifest (`build.manifest: true`).
 */
export function routeDocumentsBuild(): Plugin {
  let env: BuildEnv = {};
  let root = '';
  return {
    name: 'portal:route-documents',
    apply: 'build',
    configResolved(config) {
      env = loadEnv(config.mode, config.envDir || config.root, 'VITE_');
      root = config.root;
    },
    writeBundle(options) {
      if (!options.dir) throw new Error('The route documents need the build folder (build.outDir)');
      const outDir = options.dir;
      const manifest = readManifest(outDir);
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      for (const route of Object.values(ROUTES)) {
        const file = path.join(outDir, routeDocument(route));
        mkdirSync(path.dirname(file), { recursive: true });
        // Pages in the Firebase layout read Auth and Firestore as soon as they open.
        const preconnect = (route.layouts as readonly LayoutModule[]).includes('firebase-layout')
          ? firebaseDataOrigins(env)
          : [];
        if (route.path === ROUTES.admin.path) {
          // The dashboard's tab comes from the URL: a script preloads it (admin-tab-chunks.ts).
          const script = adminTabPreload(root, manifest);
          writeFileSync(path.join(outDir, script.file), script.text);
          const load = routeFirstLoad(manifest, route, []);
          writeFileSync(file, withPreloads(index, load, preconnect, [script.file]));
          continue;
        }
        writeFileSync(file, withPreloads(index, routeFirstLoad(manifest, route), preconnect));
      }
    },
  };
}

/**
 * `vite preview` answers a URL that is no file of the build with the route's document, as
 * Hosting's rewrites do (firebase.json), instead of index.html for every one.
 */
export function routeDocumentsPreview(): Plugin {
  return {
    name: 'portal:route-documents-preview',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      const rewrites = hostingRewrites();
      const isFile = (file: string) => {
        try {
          return statSync(file).isFile();
        } catch {
          return false;
        }
      };
      server.middlewares.use((req, _res, next) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && req.url) {
          const url = new URL(req.url, 'http://preview.invalid');
          const pathname = decodedPath(url.pathname);
          const file = path.join(outDir, pathname);
          if (file.startsWith(outDir) && !isFile(file) && pathname !== '/') {
            req.url = `${documentFor(pathname, rewrites)}${url.search}`;
          }
        }
        next();
      });
    },
  };
}
