/**
 * The admin dashboard's tabs as the build sees them. Each tab is a lazy chunk
 * (src/features/admin/dashboard/lazy-tabs.tsx), and the URL's `?tab=` names the one a manager opens.
 * A static route document cannot read the query, so /admin's document loads a small script that
 * preloads the chunks of the tab in the URL (the default tab when it names none). They download
 * beside the dashboard's own code instead of after it has run, and the other tabs' chunks are not
 * downloaded at all.
 *
 * The tabs' modules are read from the loaders' source, so the loaders stay the one list of tabs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
// The route table by its file (route-chunks.ts says why).
import { ROUTES } from '../../packages/domain/src/routes.ts';
import { routeModuleKeys, staticClosure, type Manifest } from './route-chunks.ts';

/** The tabs' loaders, relative to the web package. */
export const TAB_LOADERS_FILE = 'src/features/admin/dashboard/lazy-tabs.tsx';

/** A tab's loader in that file: `key: () => import('…')` (a quoted key too). */
const TAB_LOADER = /['"]?([a-z][\w-]*)['"]?\s*:\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The tab the dashboard opens when the URL names none: `DEFAULT_TAB… = '…'` in that file. */
const DEFAULT_TAB = /\bDEFAULT_TAB\b[^=]*=\s*['"]([\w-]+)['"]/;

/**
 * The module each tab's loader imports, resolved against the loaders' folder (`fromDir`, relative
 * to the web package), by tab key; {} when the source has no loaders.
 */
export function tabModules(source: string, fromDir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, key, specifier] of source.matchAll(TAB_LOADER)) {
    if (key && specifier) found[key] = path.posix.join(fromDir, specifier);
  }
  return found;
}

/** The default tab named in the loaders' source. Throws when it names none. */
export function defaultTab(source: string): string {
  const match = DEFAULT_TAB.exec(source);
  if (!match?.[1]) throw new Error(`${TAB_LOADERS_FILE} names no DEFAULT_TAB`);
  return match[1];
}

/** A module's key in the Vite manifest (the source path without or with its extension). */
export function manifestKey(manifest: Manifest, module: string): string | undefined {
  return [
    module,
    `${module}.tsx`,
    `${module}.ts`,
    `${module}/index.tsx`,
    `${module}/index.ts`,
  ].find((key) => key in manifest);
}

/**
 * The manifest key of a tab's module. Throws when the module has no chunk in the manifest
 * (loaders the build does not match).
 */
export function tabKey(manifest: Manifest, tab: string, module: string): string {
  const key = manifestKey(manifest, module);
  if (!key) throw new Error(`The ${tab} tab's module ${module} is not in the Vite manifest`);
  return key;
}

/** The tabs' loaders in the web package at `webRoot`: their source, and each tab's module. */
export function readTabLoaders(webRoot: string): {
  source: string;
  modules: Record<string, string>;
} {
  const source = readFileSync(path.join(webRoot, TAB_LOADERS_FILE), 'utf8');
  return { source, modules: tabModules(source, path.posix.dirname(TAB_LOADERS_FILE)) };
}

/** The files (JavaScript and CSS) a chunk adds to a route: its closure less the route's. */
export interface TabFiles {
  js: string[];
  css: string[];
}

/**
 * What a lazy tab adds to its route's first load: the tab's chunk and its static imports that the
 * route's own closure (entry, layouts, page module) does not already hold, and their CSS.
 */
export function tabExtraFiles(
  manifest: Manifest,
  routeKeys: readonly string[],
  tabKey: string,
): TabFiles {
  const route = staticClosure(manifest, routeKeys);
  const routeCss = new Set([...route].flatMap((key) => manifest[key]?.css ?? []));
  const chunks = [...staticClosure(manifest, [tabKey])]
    .filter((key) => !route.has(key))
    .map((key) => manifest[key]!);
  return {
    js: chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')),
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter(
      (file) => !routeCss.has(file),
    ),
  };
}

/**
 * Each tab's extra files (tabExtraFiles) by tab key. Throws when a tab's module has no chunk in
 * the manifest (loaders the build does not match).
 */
export function tabsExtraFiles(
  manifest: Manifest,
  routeKeys: readonly string[],
  modules: Readonly<Record<string, string>>,
): Record<string, TabFiles> {
  return Object.fromEntries(
    Object.entries(modules).map(([tab, module]) => [
      tab,
      tabExtraFiles(manifest, routeKeys, tabKey(manifest, tab, module)),
    ]),
  );
}

/**
 * Every tab's extra files beyond the dashboard's own modules, and the default tab, read from the
 * loaders in the web package at `webRoot` and the build's manifest: what the preload script
 * chooses from, and what `npm run perf` weighs for each tab.
 */
export function adminTabFiles(
  webRoot: string,
  manifest: Manifest,
): { tabs: Record<string, TabFiles>; fallback: string } {
  const { source, modules } = readTabLoaders(webRoot);
  return {
    tabs: tabsExtraFiles(manifest, routeModuleKeys(manifest, ROUTES.admin), modules),
    fallback: defaultTab(source),
  };
}

/**
 * The script /admin's document loads: it adds a modulepreload link for each JavaScript file and
 * a style preload for each CSS file of the tab named by `?tab=`, or of `fallback` when it names
 * no tab (as the dashboard does). `crossorigin` as on Vite's own links, so the browser reuses the
 * responses when the dashboard imports the tab.
 */
export function tabPreloadScript(
  tabs: Readonly<Record<string, TabFiles>>,
  fallback: string,
): string {
  if (!Object.hasOwn(tabs, fallback)) throw new Error(`No chunks for the default tab ${fallback}`);
  return `(function () {
  var tabs = ${JSON.stringify(tabs)};
  var named = new URLSearchParams(location.search).get('tab');
  var files = named !== null && Object.prototype.hasOwnProperty.call(tabs, named) ? tabs[named] : tabs[${JSON.stringify(fallback)}];
  function preload(file, rel, as) {
    var link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = '';
    link.href = '/' + file;
    document.head.appendChild(link);
  }
  files.js.forEach(function (file) { preload(file, 'modulepreload'); });
  files.css.forEach(function (file) { preload(file, 'preload', 'style'); });
})();
`;
}

/** The script's file in the build folder: named by its content, as Vite names the assets. */
export function tabPreloadFile(script: string): string {
  const hash = createHash('sha256').update(script).digest('base64url').slice(0, 8);
  return `assets/admin-tab-preload-${hash}.js`;
}
