/** The command line of `npm run perf` (scripts/perf.ts). */
import path from 'node:path';
import { parseArgs } from 'node:util';

export const PERF_USAGE = `Usage: npm run perf [-- --routes <comma list>] [-- --reports <dir>] [-- --first-visit]
  --routes      only these pages, e.g. /,/login,/admin?tab=overview,/portal/products/:productId,404
                (an admin tab alone: /admin?tab=<tab>; /admin is every tab); skips the benchmark
  --reports     keep each page's Lighthouse report (JSON) in this folder
  --first-visit empty localStorage before each run: the signed-in pages without the last view
                the app keeps on the device (web/src/lib/last-view.ts), as on a first visit`;

export interface PerfArgs {
  /** The `--routes` list as given (targets.ts's selectPages reads it); none: every page. */
  routes?: string;
  /** Where to keep each page's Lighthouse report, resolved against the working directory. */
  reportsDir?: string;
  firstVisit: boolean;
  help: boolean;
}

/** Reads the options; throws on an unknown option or a missing value (as parseArgs does). */
export function parsePerfArgs(argv: readonly string[]): PerfArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      routes: { type: 'string' },
      reports: { type: 'string' },
      'first-visit': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return {
    ...(values.routes !== undefined ? { routes: values.routes } : {}),
    ...(values.reports ? { reportsDir: path.resolve(values.reports) } : {}),
    firstVisit: values['first-visit'] ?? false,
    help: values.help ?? false,
  };
}
