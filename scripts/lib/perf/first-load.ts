/**
 * The builds `npm run perf` measures: a production build wired to the run's stack (Lighthouse
 * loads it) and the build as it ships, weighed per route as the size report does
 * (scripts/route-sizes.ts) and per admin tab. The wired build carries the emulator settings and
 * their parser (about 0.8 KB gzipped on every route) that no deployed build has, so the budgets
 * are judged on the shipped one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '@portal/domain';
import { adminTabFiles } from '../../../web/build/admin-tab-chunks';
import { readManifest, routeFirstLoad } from '../../../web/build/route-chunks';
import { kb, type RouteSize } from '../../route-sizes';
import { PROJECT_ID, ROOT, type RunningStack } from '../stack';
import { buildWeb, localStackBuildVars, shippedBuildVars, type WebBuild } from '../web-build';
import { routeLabel, type PerfPage } from './targets';

/** A production build wired to this stack's emulators (never to web/dist). */
export function buildForStack(outDir: string, stack: RunningStack): void {
  const built = buildWeb(outDir, {
    logLevel: 'warn',
    vars: localStackBuildVars({
      host: new URL(stack.urls.firestore).hostname,
      ports: stack.ports,
      projectId: PROJECT_ID,
      appCheckUrl: stack.urls.appCheck,
      appCheckDebugToken: stack.appCheckDebugToken,
    }),
  });
  failOnBuildError(built);
}

/** The build as it ships (no emulator settings), the one the route budgets are for. */
export function buildAsShipped(outDir: string): void {
  failOnBuildError(buildWeb(outDir, { logLevel: 'warn', vars: shippedBuildVars() }));
}

function failOnBuildError(built: WebBuild): void {
  if (!built.ok) {
    console.log(built.output.split('\n').slice(-40).join('\n'));
    throw new Error('The web build failed');
  }
}

/**
 * First-load JavaScript per table row: the route's (route-sizes.ts); for an admin tab that is
 * its own lazy chunk, the dashboard's entry, layouts and page module plus the tab's chunks (from
 * the Vite manifest), shown as the sum and its two parts.
 */
export function firstLoadJs(
  outDir: string,
  sizes: RouteSize[],
  pages: PerfPage[],
): Map<PerfPage, string> {
  const manifest = readManifest(outDir);
  // The dashboard without its tab (its document preloads only the tab in the URL), and each tab.
  const { tabs } = adminTabFiles(path.join(ROOT, 'web'), manifest);
  const gzipCache = new Map<string, number>();
  const gz = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const sum = (files: string[]) => files.reduce((total, file) => total + gz(file), 0);
  const adminBase = sum(routeFirstLoad(manifest, ROUTES.admin, []).js);
  const out = new Map<PerfPage, string>();
  for (const page of pages) {
    const size = sizes.find((s) => s.route === routeLabel(page.route));
    let text = size ? kb(size.jsBytes) : 'n/a';
    const tab = page.tab ? tabs[page.tab] : undefined;
    if (tab) {
      const extra = sum(tab.js);
      text = `${kb(adminBase + extra)} (${kb(adminBase)} + ${kb(extra)} tab)`;
    }
    out.set(page, text);
  }
  return out;
}
