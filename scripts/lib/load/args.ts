/**
 * The options of `npm run load` (scripts/load.ts), read before anything starts: a bad one is a
 * usage error (exit 2) with the usage, and nothing is started.
 */

export const SCENARIOS = ['rush', 'burst', 'hot'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export interface LoadOptions {
  /** Rush: buyers who sign in, fill a cart, check out and pay. */
  buyers: number;
  /** Rush: the buyers arrive spread over this many seconds from its start (at most 60). */
  windowSeconds: number;
  /** Webhook burst: distinct Stripe events, each delivered 1 to 3 times. */
  events: number;
  /** Hot product: buyers checking out the one product in the same second. */
  hot: number;
  /** The scenarios to run, in the order of SCENARIOS. */
  only: ScenarioName[];
  help: boolean;
}

export const DEFAULT_LOAD_OPTIONS: LoadOptions = {
  buyers: 100,
  windowSeconds: 60,
  events: 1000,
  hot: 50,
  only: [...SCENARIOS],
  help: false,
};

export const LOAD_USAGE = `Usage: npm run load [-- options]
  --buyers N    rush: buyers who check out and pay (default 100, 1 to 1000)
  --window S    rush: seconds over which they arrive (default 60, 0 to 60)
  --events N    webhook burst: distinct Stripe events, each sent 1 to 3 times (default 1000, 4 to 5000)
  --hot N       hot product: buyers after one product short of stock (default 50, 3 to 500)
  --only LIST   scenarios to run, comma-separated: rush,burst,hot (default all)
  --help        this text`;

export class LoadUsageError extends Error {
  override name = 'LoadUsageError';
}

const NUMBERS = {
  buyers: { key: 'buyers', min: 1, max: 1000 },
  window: { key: 'windowSeconds', min: 0, max: 60 },
  events: { key: 'events', min: 4, max: 5000 },
  hot: { key: 'hot', min: 3, max: 500 },
} as const satisfies Record<string, { key: keyof LoadOptions; min: number; max: number }>;

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new LoadUsageError(`--${flag} takes a whole number from ${min} to ${max}, not "${text}"`);
  }
  return Number(text);
}

function scenarioList(text: string): ScenarioName[] {
  const names = text.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(SCENARIOS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0 || names.some((name) => name === '')) {
    throw new LoadUsageError(`--only takes scenarios from ${SCENARIOS.join(', ')}, not "${text}"`);
  }
  return SCENARIOS.filter((name) => names.includes(name));
}

/** `--flag value` or `--flag=value`; each flag at most once. */
export function parseLoadArgs(argv: readonly string[]): LoadOptions {
  const options: LoadOptions = { ...DEFAULT_LOAD_OPTIONS, only: [...DEFAULT_LOAD_OPTIONS.only] };
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') {
      options.help = true;
      continue;
    }
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new LoadUsageError(`unexpected argument "${arg}"`);
    const flag = match[1] ?? '';
    if (!(flag in NUMBERS) && flag !== 'only') throw new LoadUsageError(`unknown option --${flag}`);
    if (seen.has(flag)) throw new LoadUsageError(`--${flag} given twice`);
    seen.add(flag);
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) {
        throw new LoadUsageError(`--${flag} needs a value`);
      }
      i++;
    }
    if (flag === 'only') {
      options.only = scenarioList(value);
    } else {
      const spec = NUMBERS[flag as keyof typeof NUMBERS];
      options[spec.key] = wholeNumber(flag, value, spec.min, spec.max);
    }
  }
  return options;
}
