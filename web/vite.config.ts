import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { routeChunkGroups } from './build/route-chunk-groups.ts';
import { routeDocumentsBuild, routeDocumentsPreview } from './build/route-documents-plugin.ts';
import { isLocalBuild, productionBuildProblems } from './src/config/firebase-web-config.ts';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const unusedSdk = src('lib/unused-firebase-sdks/stand-in.ts');

/**
 * Refuses a production build that could not work: a partial VITE_FIREBASE_* set or a demo-
 * project (src/config/firebase-web-config.ts). A build with VITE_USE_EMULATORS=true is for this
 * machine only (tests, npm run perf) and says so.
 */
function checkedFirebaseConfig(): Plugin {
  return {
    name: 'portal:checked-firebase-config',
    apply: 'build',
    configResolved(config) {
      const vars = loadEnv(config.mode, config.envDir || config.root, 'VITE_');
      if (isLocalBuild(vars)) {
        config.logger.warn(
          'This build is wired to the local emulators (VITE_USE_EMULATORS=true): never deploy it.',
        );
        return;
      }
      const problems = productionBuildProblems(vars);
      if (problems.length > 0) {
        throw new Error(
          `The production build cannot work:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
        );
      }
    },
  };
}

/**
 * antd's form context module (imported by every input, radio, select and modal, form or not)
 * takes FormProvider from @rc-component/form's index, whose top-level statics (Form.Field,
 * Form.useForm...) keep the whole form library, with its validator, in any page that shows an
 * input: about 13 KB gzipped. This points that one import at the module that defines
 * FormProvider; pages with an antd Form still load the library through their own imports.
 */
function antdFormContextAlone(): Plugin {
  const formContext = /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;
  return {
    name: 'portal:antd-form-context-alone',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer, options) {
      if (source !== '@rc-component/form' || !importer || !formContext.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext', importer, {
        ...options,
        skipSelf: true,
      });
    },
  };
}

/**
 * reactfire imports firebase/storage and firebase/firestore at module level for hooks the app
 * never calls: for reactfire (only) they are the stand-in, so signed-in pages carry neither SDK.
 * The app's own Storage code (src/lib/storage.ts, loaded only by the pages that upload or show
 * photos) and its live views' full Firestore SDK (src/entities/live-firestore.ts, loaded after
 * the first paint of the views that update live) get the real SDKs. See the README beside
 * stand-in.ts.
 */
const REACTFIRE_ONLY_STAND_INS = new Set(['firebase/storage', 'firebase/firestore']);

function reactfireOnlyStandIns(): Plugin {
  const reactfire = /[\\/]node_modules[\\/]reactfire[\\/]/;
  return {
    name: 'portal:reactfire-storage-stand-in',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!REACTFIRE_ONLY_STAND_INS.has(source) || !importer || !reactfire.test(importer)) {
        return null;
      }
      return unusedSdk;
    },
  };
}

/**
 * TLS for `vite preview` when both files are named: `npm run perf` serves the build over HTTP/2,
 * as Firebase Hosting does (Vite's server speaks HTTP/2 once it has TLS). Over HTTP/1.1 a browser
 * opens at most six connections to a host, so a page's 30 to 100 chunks would wait in line.
 */
function previewTls() {
  const key = process.env.PREVIEW_TLS_KEY_FILE;
  const cert = process.env.PREVIEW_TLS_CERT_FILE;
  return key && cert ? { key: readFileSync(key), cert: readFileSync(cert) } : undefined;
}

/** Chunks grouped by the first loads that hold them (build/route-chunk-groups.ts). */
const chunkGroups = routeChunkGroups();

/**
 * One id per build (and per dev server start): the last view a device keeps (src/lib/last-view.ts)
 * is shown only by the build that wrote it, so data shaped by older parsers never reaches a page.
 */
const webBuildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export default defineConfig({
  define: { __WEB_BUILD_ID__: JSON.stringify(webBuildId) },
  plugins: [
    react(),
    checkedFirebaseConfig(),
    antdFormContextAlone(),
    reactfireOnlyStandIns(),
    chunkGroups.plugin,
    routeDocumentsBuild(),
    routeDocumentsPreview(),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src('')}/` },
      // reactfire imports these SDKs for hooks the app never uses: see the README beside stand-in.ts.
      // firebase/storage and firebase/firestore only for reactfire (reactfireOnlyStandIns): the
      // app's own uploads and live views use them.
      { find: /^firebase\/(database|remote-config)$/, replacement: unusedSdk },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    fs: {
      // The dev server serves any file of the repository through /@fs/ (its allow list is the
      // workspace root) to any page that can reach it. Secrets live beside the code there: the
      // functions' .secret.local (Stripe keys, SMTP password), .env files, the stack's run
      // folder. Setting `deny` replaces Vite's own list, so it is repeated first.
      deny: [
        // Vite's defaults (vite/dist/node: serverConfigDefaults.fs.deny).
        '.env',
        '.env.*',
        '*.{crt,pem,key,p12,pfx,cer,der}',
        '.npmrc',
        '.yarnrc.yml',
        '**/.git/**',
        // Ours: every secret and env file, and any machine-local override.
        '.secret*',
        '.env*',
        '*.local',
      ],
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, https: previewTls() },
  build: {
    target: 'es2022',
    // The route documents (build/route-documents.ts) read the chunk graph from the manifest.
    manifest: true,
    // Source maps are written for this machine (the size report, scripts/route-sizes.ts, reads
    // which packages a chunk holds from them; they decode a production stack trace) but the
    // chunks do not name them, and firebase.json's hosting ignore keeps every *.map out of the
    // deploy: the site never serves its sources. docs/deploying.md.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Chunks are named by their hash alone: the entry lists every lazy route's chunks for
      // preloading, so a module's name in every file name is weight on every page.
      output: {
        chunkFileNames: 'assets/[hash].js',
        // Chunks held by the same first loads (every route's and every dashboard tab's) are one
        // file, unless a part loaded later would then fetch more than 16 KB it does not need:
        // route-chunk-groups.ts. A signed-in page loads the same code in about a third fewer files
        // (docs/performance.md). React, its DOM renderer and the router are in every first load,
        // so they share a file with the rest of what every page loads.
        codeSplitting: {
          groups: [{ name: chunkGroups.groupOf, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
