/**
 * The Firebase web app configuration and where a build gets it. Pure (no `import.meta`), so the
 * Vite config checks a production build with the same rules the app applies at start-up.
 *
 * - Local: the Vite dev server, or a build made with `VITE_USE_EMULATORS=true` (tests, `npm run
 *   perf`). The app talks to the emulators and may use the `demo-` project.
 * - Production: either all four `VITE_FIREBASE_*` values are set at build time, or none is and the
 *   app reads Firebase Hosting's reserved `/__/firebase/init.json` when it starts. A `demo-`
 *   project, a partial set of values or an emulator setting fails the build.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  /**
   * The project's default Cloud Storage bucket (product photos). Optional: Hosting's init.json
   * carries it when the project has one, a build may set VITE_FIREBASE_STORAGE_BUCKET, and the
   * local project uses `<projectId>.appspot.com`, the bucket firebase-tools' emulator serves.
   */
  storageBucket?: string;
}

/** The optional build variable naming the Cloud Storage bucket (FirebaseWebConfig.storageBucket). */
export const STORAGE_BUCKET_VAR = 'VITE_FIREBASE_STORAGE_BUCKET';

/** The build variables that make up the web config, in the order of FirebaseWebConfig. */
export const FIREBASE_CONFIG_VARS = {
  apiKey: 'VITE_FIREBASE_API_KEY',
  authDomain: 'VITE_FIREBASE_AUTH_DOMAIN',
  projectId: 'VITE_FIREBASE_PROJECT_ID',
  appId: 'VITE_FIREBASE_APP_ID',
} as const satisfies Record<Exclude<keyof FirebaseWebConfig, 'storageBucket'>, string>;
type RequiredKey = keyof typeof FIREBASE_CONFIG_VARS;

/** Firebase Hosting serves the project's web config here (reserved URL). */
export const HOSTING_INIT_URL = '/__/firebase/init.json';

export type BuildEnv = Record<string, string | undefined>;

/** Where a local build finds the emulators when its variables do not say (`npm start`'s ports). */
export const EMULATOR_DEFAULTS = {
  host: '127.0.0.1',
  authPort: 9099,
  firestorePort: 8080,
  functionsPort: 5001,
  storagePort: 9199,
} as const;

/**
 * The origins a signed-in page reads from as soon as it opens: Firebase Auth (the session
 * check) and Firestore, Google's APIs in production, the emulators in a local build. The route
 * documents tell the browser to connect to them while the page's code downloads.
 */
export function firebaseDataOrigins(vars: BuildEnv): string[] {
  if (!isLocalBuild(vars)) {
    return ['https://identitytoolkit.googleapis.com', 'https://firestore.googleapis.com'];
  }
  const host = vars.VITE_EMULATOR_HOST?.trim() || EMULATOR_DEFAULTS.host;
  const port = (name: string, fallback: number) => vars[name]?.trim() || String(fallback);
  return [
    `http://${host}:${port('VITE_AUTH_EMULATOR_PORT', EMULATOR_DEFAULTS.authPort)}`,
    `http://${host}:${port('VITE_FIRESTORE_EMULATOR_PORT', EMULATOR_DEFAULTS.firestorePort)}`,
  ];
}

/** A build is local (wired to the emulators) only when it says so explicitly. */
export function isLocalBuild(vars: BuildEnv): boolean {
  return vars.VITE_USE_EMULATORS === 'true';
}

/** The config given by build variables, or null when none of them is set. Throws on a partial set. */
export function configFromBuildEnv(vars: BuildEnv): FirebaseWebConfig | null {
  const entries = Object.entries(FIREBASE_CONFIG_VARS).map(
    ([key, name]) => [key, vars[name]?.trim() ?? ''] as const,
  );
  const given = entries.filter(([, value]) => value !== '');
  if (given.length === 0) return null;
  const missing = entries
    .filter(([, value]) => value === '')
    .map(([key]) => FIREBASE_CONFIG_VARS[key as RequiredKey]);
  if (missing.length > 0) {
    throw new Error(
      `Incomplete Firebase web config: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. ` +
        `Set all of ${Object.values(FIREBASE_CONFIG_VARS).join(', ')}, or none of them to use Firebase Hosting's ${HOSTING_INIT_URL}.`,
    );
  }
  return withBucket(
    webConfig((key) => vars[FIREBASE_CONFIG_VARS[key]]?.trim() ?? ''),
    vars[STORAGE_BUCKET_VAR],
  );
}

/**
 * Problems that make a production build unusable, as sentences (empty when the build is fine).
 * Only called for builds that are not local.
 */
export function productionBuildProblems(vars: BuildEnv): string[] {
  const problems: string[] = [];
  if (
    vars.VITE_USE_EMULATORS !== undefined &&
    vars.VITE_USE_EMULATORS !== 'false' &&
    vars.VITE_USE_EMULATORS !== 'true'
  ) {
    problems.push(
      `VITE_USE_EMULATORS must be "true" or "false", not "${vars.VITE_USE_EMULATORS}".`,
    );
  }
  if (!vars.VITE_APP_CHECK_SITE_KEY?.trim()) {
    problems.push(
      'VITE_APP_CHECK_SITE_KEY is not set: every callable enforces App Check, so the app needs the ' +
        'reCAPTCHA Enterprise site key registered for it in App Check (docs/deploying.md).',
    );
  }
  try {
    const config = configFromBuildEnv(vars);
    if (config?.projectId.startsWith('demo-')) {
      problems.push(
        `VITE_FIREBASE_PROJECT_ID is "${config.projectId}": a demo- project only exists in the emulators. ` +
          'Use your real project id, or leave the VITE_FIREBASE_* variables unset to read the config from Firebase Hosting.',
      );
    }
  } catch (error) {
    problems.push((error as Error).message);
  }
  return problems;
}

/**
 * Parses Firebase Hosting's init.json (it carries more keys than the app needs): the four values
 * must be non-empty strings. Checked by hand, not with a schema library, so a page that needs
 * only Firebase's app (the newsletter links) loads none for four strings.
 */
export function parseHostingInitJson(body: unknown): FirebaseWebConfig {
  const isObject = typeof body === 'object' && body !== null;
  const config = webConfig((key) => {
    const value: unknown = isObject ? (body as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? value : '';
  });
  const missing = Object.entries(config)
    .filter(([, value]) => value === '')
    .map(([key]) => key);
  if (!isObject || missing.length > 0) {
    throw new Error(
      `${HOSTING_INIT_URL} is not a Firebase web config (${isObject ? missing.join(', ') : 'body'} missing). ` +
        'Is the app served by Firebase Hosting?',
    );
  }
  const bucket: unknown = (body as Record<string, unknown>)['storageBucket'];
  return withBucket(config, typeof bucket === 'string' ? bucket : undefined);
}

/** The config with its storage bucket when one is given (non-empty). */
function withBucket(config: FirebaseWebConfig, bucket: string | undefined): FirebaseWebConfig {
  const trimmed = bucket?.trim();
  return trimmed ? { ...config, storageBucket: trimmed } : config;
}

/** The four required values, each read by its key. */
function webConfig(value: (key: RequiredKey) => string): FirebaseWebConfig {
  return {
    apiKey: value('apiKey'),
    authDomain: value('authDomain'),
    projectId: value('projectId'),
    appId: value('appId'),
  };
}

/** Waits before the second and third attempt at init.json. */
export const HOSTING_CONFIG_RETRY_MS = [400, 1500] as const;

/**
 * Fetches and parses Firebase Hosting's init.json. A network failure, a 5xx or a 429 is tried
 * again (HOSTING_CONFIG_RETRY_MS): the module that waits for this is evaluated once per page
 * load, so a single dropped request would otherwise leave every sign-in failing until a reload.
 * Any other answer (404: not served by Hosting) fails at once.
 */
export async function fetchHostingConfig(
  fetchImpl: typeof fetch = fetch,
  retryMs: readonly number[] = HOSTING_CONFIG_RETRY_MS,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<FirebaseWebConfig> {
  for (let attempt = 0; ; attempt += 1) {
    let response: Response | undefined;
    let failure: string;
    try {
      response = await fetchImpl(HOSTING_INIT_URL, { credentials: 'same-origin' });
      failure = `HTTP ${response.status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (response?.ok) {
      // Anything but JSON (an HTML fallback page, say) is reported as not being a config.
      return parseHostingInitJson(await response.json().catch(() => null));
    }
    const transient = !response || response.status >= 500 || response.status === 429;
    const delay = retryMs[attempt];
    if (!transient || delay === undefined) {
      throw new Error(`Could not load the Firebase config from ${HOSTING_INIT_URL} (${failure}).`);
    }
    await wait(delay);
  }
}

let pageConfig: Promise<FirebaseWebConfig> | null = null;

/**
 * Hosting's config for this page: fetched once and shared by everything that needs it (the
 * Firebase app, the account links' Auth requests); after a failure the next caller asks again.
 */
export function hostingConfig(): Promise<FirebaseWebConfig> {
  pageConfig ??= fetchHostingConfig().catch((error: unknown) => {
    pageConfig = null;
    throw error;
  });
  return pageConfig;
}
