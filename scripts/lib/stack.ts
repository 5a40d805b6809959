import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  STORAGE_RULES_BUNDLE,
  ensureFirestoreCliBundle,
} from '../../emulators/firestore/src/build-cli';
import { SETTINGS } from '../../functions/src/lib/params';
import { prepareFirebaseToolsLaunch } from '../../emulators/firestore/src/firebase-tools/launch-under-firebase-tools';
import { MAILDEV_BIN, maildevArgs } from './maildev';
import { FIRST_SWEEPS_DONE, type SweepName } from './sweep-workers';
import { freePort, isPortOpen, waitForPort } from './ports';
import { startProcess, waitForLine, type ManagedProcess } from './processes';
import { ROOT } from './root';
import { oneFunctionsWorker, withFirebaseToolsPreloads } from './firebase-tools-launch';
import { buildWebInBackground, localStackBuildVars, type WebBuild } from './web-build';

/**
 * The local stack: the Java-free Firestore emulator, the Stripe sandbox, firebase-tools' Auth,
 * Functions and Storage emulators and the web app. Used by `npm start`, the function tests and e2e,
 * so all three run the same thing. With the Functions emulator, firebase-tools itself runs our
 * Firestore emulator (in place of its Java one) so that Firestore triggers are registered and
 * delivered: docs/firestore-triggers.md. Its Storage emulator evaluates storage.rules with our
 * Java-free rules runtime, through the same `java` stand-in: docs/storage.md.
 */
export { ROOT };
export const PROJECT_ID = 'demo-wholesale-portal';
export const DEMO_PASSWORD = 'demo1234';
export const STRIPE_WEBHOOK_SECRET = 'whsec_local_sandbox';
export const STRIPE_SANDBOX_KEY = 'sk_test_local_sandbox';
/** Local mail retries: 2 s, 5 s, 15 s, 1 min, 5 min (production waits 1 min ... 8 h). */
export const LOCAL_MAIL_RETRY_DELAYS_MS = '2000,5000,15000,60000,300000';

export const FIXED_PORTS = {
  web: 5173,
  auth: 9099,
  functions: 5001,
  firestore: 8080,
  /** firebase-tools' Cloud Storage emulator (JavaScript; its rules runtime is ours, on Node). */
  storage: 9199,
  /** Reserved by firebase-tools for its Firestore emulator's UI websocket (unused by ours). */
  firestoreWebsocket: 9150,
  stripe: 12111,
  /** MailDev: SMTP for the functions, web UI and REST API for people and tests. */
  smtp: 1025,
  mailWeb: 1080,
  /** The local App Check exchange (scripts/lib/app-check-exchange.ts). */
  appCheck: 9095,
  /**
   * The Node inspector of the functions' one worker process (a debugger attaches here); see
   * oneFunctionsWorker (firebase-tools-launch.ts).
   */
  functionsInspector: 9229,
  hub: 4400,
  logging: 4500,
} as const;
export type StackPorts = { -readonly [K in keyof typeof FIXED_PORTS]: number };

export interface StackOptions {
  /** 'fixed' uses the documented ports (npm start); 'free' picks free ports (tests). */
  ports: 'fixed' | 'free';
  /** Which services to run; `mail` (MailDev and the mail worker) defaults to `functions`. */
  services?: Partial<
    Record<'firestore' | 'stripe' | 'auth' | 'functions' | 'storage' | 'web' | 'mail', boolean>
  >;
  /** The Storage rules file (absolute); default the repository's storage.rules. For tests' fixtures. */
  storageRules?: string;
  /** Waits between mail delivery attempts (MAIL_RETRY_DELAYS_MS); default short for local use. */
  mailRetryDelaysMs?: string;
  /** Use firebase-tools' official Firestore emulator (needs Java 21 and internet). */
  officialFirestore?: boolean;
  /** Rebuild functions on change and hot-reload the web app (npm start). */
  watch?: boolean;
  /**
   * How the web app is served: 'dev', the Vite dev server (npm start: hot reload, React's
   * development build); 'build', a production build wired to this stack's emulators, served by
   * `vite preview` (the end-to-end journeys: what ships, about 30 files a page instead of the
   * dev server's hundreds, so pages load several times faster on 2 cores). Default 'dev'.
   */
  webServer?: 'dev' | 'build';
  /**
   * The web app's origin is https (`npm run perf` serves the build over HTTP/2 with TLS, as
   * Firebase Hosting does): the links the functions make (Stripe's return, mails) say so.
   */
  webTls?: boolean;
  /**
   * Keep the emulators' data (Auth and Firestore) in this folder: imported at start when it holds
   * an export (else the demo data is loaded), exported on exit (firebase-tools' --import and
   * --export-on-exit, official layout). Needs the Functions emulator (firebase-tools).
   */
  dataDir?: string;
  /**
   * What the Java-free Firestore emulator's export writes (`npm start -- --export-format`):
   * its own JSON (the default) or the official emulator's files. Imports read either.
   */
  firestoreExportFormat?: 'native' | 'official';
  /**
   * The scheduled sweeps (mail retries, stale checkouts, resale certificates) run once at start
   * (the stack is ready once those runs have ended) and then only hourly, so what a person's
   * actions read and write is all the emulator counts (`npm run cost`). Default false: the mail
   * retries every second, as npm start and the journeys need.
   */
  quietSweeps?: boolean;
  /**
   * Where the Stripe sandbox delivers its webhooks; default this stack's stripeWebhook function.
   * `npm run load` points it at a relay of its own, which forwards or records the deliveries.
   */
  stripeWebhookUrl?: string;
  log?: (service: string, line: string) => void;
}

export interface RunningStack {
  ports: StackPorts;
  urls: {
    web: string;
    auth: string;
    functions: string;
    firestore: string;
    /** The Storage emulator (the web SDK's connectStorageEmulator host:port, REST for the admin SDK). */
    storage: string;
    stripe: string;
    /** MailDev's web UI and REST API (GET /api/email). */
    mail: string;
    /** The local App Check exchange the web app trades its debug token at. */
    appCheck: string;
    /**
     * firebase-tools' emulator hub (PUT /functions/disableBackgroundTriggers and
     * /functions/enableBackgroundTriggers pause and resume the Firestore triggers).
     */
    hub: string;
  };
  /** The App Check debug token of this stack (printed by npm start). */
  appCheckDebugToken: string;
  /** Environment that points Admin SDK clients (tests, scripts) at this stack. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

interface Service {
  proc: ManagedProcess;
  lines: EventEmitter;
}

function launch(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  log: (service: string, line: string) => void,
  cwd = ROOT,
): Service {
  const lines = new EventEmitter();
  lines.setMaxListeners(50);
  const proc = startProcess({
    name,
    command,
    args,
    cwd,
    env,
    onLine: (line) => {
      log(name, line);
      lines.emit('line', line);
    },
  });
  return { proc, lines };
}

function ready(service: Service, predicate: (line: string) => boolean, timeoutMs: number) {
  return waitForLine(service.proc, (fn) => service.lines.on('line', fn), predicate, timeoutMs);
}

const tsx = (script: string) => ['--import', 'tsx', script];

async function choosePorts(mode: 'fixed' | 'free'): Promise<StackPorts> {
  if (mode === 'fixed') return { ...FIXED_PORTS };
  const entries = await Promise.all(
    Object.keys(FIXED_PORTS).map(async (key) => [key, await freePort()] as const),
  );
  return Object.fromEntries(entries) as StackPorts;
}

const RUN_DIR = path.join(ROOT, '.portal-run');

/**
 * The functions' params (functions/src/lib/params.ts) as the local stack sets them: MailDev, the
 * stack's web app, short mail retries. Among them SMTP_HOST, the one param without a default
 * (the Functions emulator would otherwise ask for it, and fail with no terminal to ask in).
 */
export function localFunctionsSettings(options: {
  host: string;
  smtpPort: number;
  webOrigin: string;
  mailRetryDelaysMs?: string;
}): Record<string, string> {
  return {
    WEB_ORIGIN: options.webOrigin,
    SMTP_HOST: options.host,
    SMTP_PORT: String(options.smtpPort),
    MAIL_FROM: 'Electric Slush Co. <orders@electricslush.example>',
    MAIL_RETRY_DELAYS_MS: options.mailRetryDelaysMs ?? LOCAL_MAIL_RETRY_DELAYS_MS,
  };
}

/**
 * The names a stack writes into RUN_DIR for firebase-tools: its firebase.json, the Functions env
 * folder, the Storage rules link, the folder of the Firestore emulator's launcher and
 * firebase-tools' tmpdir. Each is named by `key`, a port firebase-tools listens on for as long as
 * the stack runs (`firebaseToolsKey`), so no other stack is given that number meanwhile. Every test
 * run starts stacks on free ports, so the stack removes them when it stops (`stackRunFiles`).
 */
export function stackRunNames(key: number) {
  return {
    firebaseConfig: `firebase.${key}.json`,
    functionsEnv: `functions-env.${key}`,
    storageRules: `storage.${key}.rules`,
    firestoreLaunch: `firestore-${key}`,
    firebaseTmp: `firebase-tmp-${key}`,
  };
}

/** The paths of `stackRunNames`, removed when the stack stops. */
export function stackRunFiles(key: number): string[] {
  return Object.values(stackRunNames(key)).map((name) => path.join(RUN_DIR, name));
}

/**
 * The port that names a stack's files (`stackRunNames`): the first of the Auth, Storage and
 * Functions emulators the stack runs (firebase-tools runs at least one of them when it starts).
 */
export function firebaseToolsKey(
  ports: Pick<StackPorts, 'auth' | 'storage' | 'functions'>,
  want: { auth: boolean; storage: boolean },
): number {
  if (want.auth) return ports.auth;
  return want.storage ? ports.storage : ports.functions;
}

/**
 * The env folder of this stack's Functions emulator (firebase.json's functions[].configDir).
 * firebase-tools gives a function the values of its env files over its own environment, and on
 * start writes every param they lack (its default) into the .env.local it reads: with the one
 * functions/.env.local, the first stack's ports, or the production defaults (mail retries hours
 * apart), would win over each stack's own settings. So each stack has a folder of its own, with
 * functions/.env and functions/.env.<project> as they are and an .env.local of the stack's
 * settings, written afresh at every start. Returns its path relative to RUN_DIR.
 */
async function writeFunctionsEnvDir(
  key: number,
  settings: Record<string, string>,
): Promise<string> {
  const name = stackRunNames(key).functionsEnv;
  const dir = path.join(RUN_DIR, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const file of ['.env', `.env.${PROJECT_ID}`]) {
    const source = path.join(ROOT, 'functions', file);
    if (existsSync(source)) await writeFile(path.join(dir, file), await readFile(source));
  }
  const params = new Set<string>(SETTINGS.map((param) => param.name));
  const lines = Object.entries(settings)
    .filter(([key]) => params.has(key))
    // Quoted (dotenv's double-quoted form) unless plain: MAIL_FROM has spaces and <>.
    .map(
      ([key, value]) => `${key}=${/^[\w./:@,-]*$/.test(value) ? value : JSON.stringify(value)}\n`,
    );
  await writeFile(
    path.join(dir, '.env.local'),
    `# This stack's settings (scripts/lib/stack.ts).\n${lines.join('')}`,
  );
  return name;
}

async function writeFirebaseConfig(
  ports: StackPorts,
  key: number,
  firestore: boolean,
  functionsConfigDir: string,
  storageRules: string | null,
): Promise<string> {
  const dir = RUN_DIR;
  await mkdir(dir, { recursive: true });
  // firebase-tools wants the rules inside the config's folder: link them (edits still reach
  // its rules hot reload, which follows the link).
  for (const file of ['firestore.rules', 'firestore.indexes.json']) {
    const link = path.join(dir, file);
    if (!existsSync(link)) await symlink(path.join('..', file), link).catch(() => undefined);
  }
  // The Storage rules likewise (a test's fixture rules get a link of this stack's own).
  let storageRulesLink: string | null = null;
  if (storageRules !== null) {
    storageRulesLink = stackRunNames(key).storageRules;
    const link = path.join(dir, storageRulesLink);
    await rm(link, { force: true });
    await symlink(path.relative(dir, storageRules), link);
  }
  const file = path.join(dir, stackRunNames(key).firebaseConfig);
  // Paths are relative to the config file's folder.
  const config = {
    functions: [{ source: '../functions', codebase: 'default', configDir: functionsConfigDir }],
    firestore: { rules: 'firestore.rules', indexes: 'firestore.indexes.json' },
    ...(storageRulesLink !== null ? { storage: { rules: storageRulesLink } } : {}),
    emulators: {
      singleProjectMode: true,
      auth: { host: '127.0.0.1', port: ports.auth },
      functions: { host: '127.0.0.1', port: ports.functions },
      ...(firestore
        ? {
            firestore: {
              host: '127.0.0.1',
              port: ports.firestore,
              websocketPort: ports.firestoreWebsocket,
            },
          }
        : {}),
      ...(storageRulesLink !== null ? { storage: { host: '127.0.0.1', port: ports.storage } } : {}),
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
      ui: { enabled: false },
    },
  };
  await writeFile(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * The Functions emulator reads secrets from functions/.secret.local. Without the file it logs a
 * Secret Manager error at every cold start, so create it with the sandbox values when missing
 * (git-ignored; a developer's own file with Stripe test keys is never overwritten).
 */
async function ensureLocalSecrets(): Promise<void> {
  const file = path.join(ROOT, 'functions/.secret.local');
  const values: Record<string, string> = {
    STRIPE_SECRET_KEY: STRIPE_SANDBOX_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
    // MailDev takes no login; the value is only there so the secret is defined.
    SMTP_PASSWORD: 'local-maildev-needs-none',
  };
  if (!existsSync(file)) {
    await writeFile(
      file,
      `# Local only (git-ignored). Sandbox values; put Stripe test keys here to use real Stripe.\n` +
        Object.entries(values)
          .map(([key, value]) => `${key}=${value}\n`)
          .join(''),
    );
    return;
  }
  // An older file: add the secrets defined since, never touching the developer's own values.
  const text = await readFile(file, 'utf8');
  const missing = Object.entries(values).filter(([key]) => !new RegExp(`^${key}=`, 'm').test(text));
  if (missing.length > 0) {
    const lines = missing.map(([key, value]) => `${key}=${value}\n`).join('');
    await writeFile(file, `${text.endsWith('\n') || text === '' ? text : `${text}\n`}${lines}`);
  }
}

/**
 * The App Check debug token: `npm start` keeps one in .portal-run (git-ignored) so it stays the
 * same between runs; tests get a fresh one each time.
 */
async function localAppCheckDebugToken(ports: StackOptions['ports']): Promise<string> {
  if (ports === 'free') return randomUUID();
  const file = path.join(RUN_DIR, 'app-check-debug-token');
  const saved = existsSync(file) ? (await readFile(file, 'utf8')).trim() : '';
  if (/^[0-9a-f-]{36}$/.test(saved)) return saved;
  const token = randomUUID();
  await mkdir(RUN_DIR, { recursive: true });
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/**
 * Stacks started by one process (the end-to-end setup starts one per test worker) share one
 * functions build and one secrets file: the Functions emulator reloads when its folder changes,
 * so a second stack must not rewrite lib/index.js under the first.
 */
let functionsBuild: Promise<void> | undefined;
let localSecrets: Promise<void> | undefined;

function buildFunctionsOnce(log: (service: string, line: string) => void): Promise<void> {
  functionsBuild ??= (async () => {
    const build = launch(
      'functions-build',
      process.execPath,
      [path.join(ROOT, 'functions/build.mjs')],
      {},
      log,
    );
    if ((await build.proc.exited) !== 0) throw new Error('Building the functions failed');
  })();
  return functionsBuild;
}

let functionsEmulatorQueue: Promise<void> = Promise.resolve();

/** Waits until no other Functions emulator of this process is starting; call the result when ready. */
async function functionsEmulatorTurn(): Promise<() => void> {
  const previous = functionsEmulatorQueue;
  let done: () => void = () => undefined;
  functionsEmulatorQueue = new Promise<void>((resolve) => (done = resolve));
  await previous;
  return done;
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const selected = {
    firestore: true,
    stripe: true,
    auth: true,
    functions: true,
    storage: true,
    web: true,
    ...options.services,
  };
  const want = { ...selected, mail: selected.mail ?? selected.functions };
  const log = options.log ?? (() => undefined);
  const ports = await choosePorts(options.ports);
  if (options.ports === 'fixed') {
    const busy: string[] = [];
    for (const [name, port] of Object.entries(ports)) {
      if (await isPortOpen(port)) busy.push(`${name} ${port}`);
    }
    if (busy.length > 0) {
      throw new Error(
        `Ports already in use: ${busy.join(', ')}. Is another \`npm start\` running?`,
      );
    }
  }
  const host = '127.0.0.1';
  const urls = {
    web: `${options.webTls ? 'https' : 'http'}://localhost:${ports.web}`,
    auth: `http://${host}:${ports.auth}`,
    functions: `http://${host}:${ports.functions}`,
    firestore: `http://${host}:${ports.firestore}`,
    storage: `http://${host}:${ports.storage}`,
    stripe: `http://${host}:${ports.stripe}`,
    mail: `http://${host}:${ports.mailWeb}`,
    appCheck: `http://${host}:${ports.appCheck}`,
    hub: `http://${host}:${ports.hub}`,
  };
  const appCheckDebugToken = await localAppCheckDebugToken(options.ports);
  const webhookUrl =
    options.stripeWebhookUrl ?? `${urls.functions}/${PROJECT_ID}/us-central1/stripeWebhook`;
  const functionsSettings = localFunctionsSettings({
    host,
    smtpPort: ports.smtp,
    webOrigin: urls.web,
    mailRetryDelaysMs: options.mailRetryDelaysMs,
  });
  const env: Record<string, string> = {
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: `${host}:${ports.auth}`,
    FIRESTORE_EMULATOR_HOST: `${host}:${ports.firestore}`,
    // firebase-admin's Storage (@google-cloud/storage) and other clients find the Storage emulator here.
    ...(want.storage
      ? {
          FIREBASE_STORAGE_EMULATOR_HOST: `${host}:${ports.storage}`,
          STORAGE_EMULATOR_HOST: `http://${host}:${ports.storage}`,
        }
      : {}),
    STRIPE_SANDBOX_URL: urls.stripe,
    // Each buyer's Stripe Customer gets its own test clock: standing orders renew when it is
    // advanced (scripts/advance-clock.ts), not on the wall clock.
    STRIPE_TEST_CLOCKS: 'per-customer',
    STRIPE_WEBHOOK_SECRET,
    // The web origin; mail goes to MailDev (no login), retried after seconds, not hours. The
    // Functions emulator gets these from its env folder too (writeFunctionsEnvDir).
    ...functionsSettings,
    // Everything here is local: never probe the cloud metadata server (Admin SDK, firebase-tools).
    METADATA_SERVER_DETECTION: 'none',
    // The callables accept only App Check tokens from the local exchange (functions/src/lib/app-check.ts).
    APP_CHECK_DEBUG_TOKEN: appCheckDebugToken,
  };

  const started: Service[] = [];
  const stop = async () => {
    await Promise.all(started.reverse().map((s) => s.proc.stop()));
  };

  // The production build of the web app (webServer 'build') runs while the emulators start.
  const webBuildDir = path.join(RUN_DIR, `web-${ports.web}`);
  let webBuild: Promise<WebBuild> | null = null;
  // firebase-tools keeps the Storage emulator's files under <tmpdir>/firebase/storage/blobs and
  // deletes that folder when it stops: with one shared tmpdir, a stack that stopped took the files
  // of every other stack running beside it (tests), and their next upload crashed firebase-tools.
  // Each stack's firebase-tools gets a tmpdir of its own.
  const key = firebaseToolsKey(ports, want);
  const firebaseTmpDir = path.join(RUN_DIR, stackRunNames(key).firebaseTmp);
  const stopAndCleanUp = async () => {
    await stop();
    // A file left behind is not worth a failed stop (or hiding why a start failed).
    await Promise.allSettled(
      stackRunFiles(key).map((file) => rm(file, { recursive: true, force: true, maxRetries: 3 })),
    );
    if (webBuild) {
      await webBuild;
      await rm(webBuildDir, { recursive: true, force: true });
    }
  };

  let functionsLoadFailure: string | undefined;
  try {
    const waits: Promise<void>[] = [];
    webBuild =
      want.web && options.webServer === 'build'
        ? buildWebInBackground(webBuildDir, {
            vars: localStackBuildVars({
              host,
              ports,
              projectId: PROJECT_ID,
              appCheckUrl: urls.appCheck,
              appCheckDebugToken,
            }),
          })
        : null;
    // The prebuilt bundle (rebuilt only when src/ changed): no TypeScript compile at start.
    // It holds the Storage rules runtime too (dist/storage-rules.mjs).
    const firestoreCli =
      (want.firestore && !options.officialFirestore) || want.storage
        ? await ensureFirestoreCliBundle()
        : '';
    const demoSeed = path.join(ROOT, 'emulator-data/firestore.json');
    // The Java-free emulator's flags (emulators/firestore/README.md). A write waiting for a
    // transaction's lock gives up after --lock-timeout-ms (ABORTED 'Transaction lock timeout.',
    // as the official emulator does). The emulator's own default is 2 s; the stack runs every
    // function of a test suite on a busy 2-core machine, where a transaction can hold its locks
    // that long between its reads and its commit, so it waits longer and still fails a stuck
    // transaction instead of hanging. --export-format: what its exports write.
    const emulatorFlags = [
      '--lock-timeout-ms',
      '15000',
      ...(options.firestoreExportFormat ? ['--export-format', options.firestoreExportFormat] : []),
    ];
    // With the Functions emulator, firebase-tools starts our Firestore emulator (below).
    const firestoreUnderFirebaseTools =
      want.firestore && want.functions && !options.officialFirestore;
    const firebaseToolsRunsFirestore = !!options.officialFirestore || firestoreUnderFirebaseTools;
    if (want.firestore && !firebaseToolsRunsFirestore) {
      const svc = launch(
        'firestore',
        process.execPath,
        [
          firestoreCli,
          '--port',
          String(ports.firestore),
          '--host',
          host,
          '--project',
          PROJECT_ID,
          '--rules',
          path.join(ROOT, 'firestore.rules'),
          '--import',
          demoSeed,
          ...emulatorFlags,
        ],
        {},
        log,
      );
      started.push(svc);
      waits.push(ready(svc, (l) => l.includes('Firestore emulator ready'), 20_000));
    }
    if (want.mail) {
      const svc = launch(
        'maildev',
        MAILDEV_BIN,
        maildevArgs({ smtp: ports.smtp, web: ports.mailWeb }, host),
        {},
        log,
      );
      started.push(svc);
      waits.push(waitForPort(ports.mailWeb, 20_000), waitForPort(ports.smtp, 20_000));
    }
    const stripeCli = path.join(ROOT, 'emulators/stripe/src/cli.ts');
    if (want.stripe && existsSync(stripeCli)) {
      const svc = launch(
        'stripe',
        process.execPath,
        [
          ...tsx(stripeCli),
          '--port',
          String(ports.stripe),
          '--host',
          host,
          '--webhook-url',
          webhookUrl,
          '--webhook-secret',
          STRIPE_WEBHOOK_SECRET,
        ],
        {},
        log,
      );
      started.push(svc);
      waits.push(ready(svc, (l) => l.includes('Stripe sandbox ready'), 20_000));
    }
    if (want.functions) {
      const svc = launch(
        'app-check',
        process.execPath,
        [
          ...tsx(path.join(ROOT, 'scripts/app-check-exchange.ts')),
          '--port',
          String(ports.appCheck),
          '--host',
          host,
          '--project',
          PROJECT_ID,
        ],
        { APP_CHECK_DEBUG_TOKEN: appCheckDebugToken },
        log,
      );
      started.push(svc);
      waits.push(ready(svc, (l) => l.includes('App Check exchange ready'), 20_000));
    }
    if (want.auth || want.functions || want.storage) {
      const only = [want.auth ? 'auth' : null, want.functions ? 'functions' : null];
      if (firebaseToolsRunsFirestore) only.push('firestore');
      if (want.storage) only.push('storage');
      if (want.functions) {
        await buildFunctionsOnce(log);
        if (options.watch) {
          started.push(
            launch(
              'functions-build',
              process.execPath,
              [path.join(ROOT, 'functions/build.mjs'), '--watch'],
              {},
              log,
            ),
          );
        }
      }
      if (want.functions) await (localSecrets ??= ensureLocalSecrets());
      const config = await writeFirebaseConfig(
        ports,
        key,
        firebaseToolsRunsFirestore,
        await writeFunctionsEnvDir(key, functionsSettings),
        want.storage ? (options.storageRules ?? path.join(ROOT, 'storage.rules')) : null,
      );
      const importDir =
        options.dataDir && existsSync(path.join(options.dataDir, 'firebase-export-metadata.json'))
          ? path.resolve(options.dataDir)
          : path.join(ROOT, 'emulator-data');
      // The `java` stand-in: our Firestore emulator and our Storage rules runtime in place of jars.
      const firestoreLaunch =
        firestoreUnderFirebaseTools || want.storage
          ? await prepareFirebaseToolsLaunch({
              dir: path.join(RUN_DIR, stackRunNames(key).firestoreLaunch),
              cli: firestoreUnderFirebaseTools ? firestoreCli : undefined,
              storageRules: want.storage ? STORAGE_RULES_BUNDLE : undefined,
              // The demo seed; rules come from firebase.json (firebase-tools passes --rules).
              extraArgs: ['--import', demoSeed, ...emulatorFlags],
            })
          : null;
      // One Functions emulator starting at a time per process. It was needed while every stack's
      // emulator wrote the parameters' defaults to the one functions/.env.local (a second one
      // loading meanwhile failed, "already defined", and served none); each stack now has its
      // own env folder (writeFunctionsEnvDir), and the queue stays until its removal is measured.
      const turn = want.functions ? await functionsEmulatorTurn() : () => undefined;
      await mkdir(firebaseTmpDir, { recursive: true });
      const svc = launch(
        'firebase',
        path.join(ROOT, 'node_modules/.bin/firebase'),
        [
          'emulators:start',
          '--only',
          only.filter(Boolean).join(','),
          '--project',
          PROJECT_ID,
          '--config',
          config,
          '--import',
          importDir,
          ...oneFunctionsWorker(ports.functionsInspector),
          ...(options.dataDir ? ['--export-on-exit', path.resolve(options.dataDir)] : []),
        ],
        {
          ...env,
          ...firestoreLaunch?.env,
          NO_UPDATE_NOTIFIER: '1',
          TMPDIR: firebaseTmpDir,
          NODE_OPTIONS: withFirebaseToolsPreloads(process.env.NODE_OPTIONS),
        },
        log,
        // firebase-tools writes firestore-debug.log (our emulator's output) into its cwd.
        RUN_DIR,
      );
      started.push(svc);
      // firebase-tools reports "All emulators ready" even when the functions failed to load.
      if (want.functions) {
        svc.lines.on('line', (line: string) => {
          if (line.includes('Failed to load function definition'))
            functionsLoadFailure ??= line.trim();
        });
      }
      const firebaseReady = ready(svc, (l) => l.includes('All emulators ready'), 90_000);
      void firebaseReady.then(turn, turn);
      waits.push(firebaseReady);
    }
    if (want.web && webBuild) {
      const built = await webBuild;
      if (!built.ok) {
        for (const line of built.output.split('\n')) log('web-build', line);
        throw new Error('Building the web app failed');
      }
      const svc = launch(
        'web',
        path.join(ROOT, 'node_modules/.bin/vite'),
        [
          'preview',
          '--outDir',
          webBuildDir,
          '--port',
          String(ports.web),
          '--strictPort',
          '--host',
          '127.0.0.1',
        ],
        {},
        log,
        path.join(ROOT, 'web'),
      );
      started.push(svc);
      waits.push(waitForPort(ports.web, 30_000));
    } else if (want.web) {
      const svc = launch(
        'web',
        path.join(ROOT, 'node_modules/.bin/vite'),
        ['web', '--port', String(ports.web), '--strictPort', '--host', '127.0.0.1'],
        {
          // The app as `npm start` serves it, whoever starts the stack: under vitest NODE_ENV is
          // 'test', and antd's components would then all share the id "test-id" (a dialog named
          // by aria-labelledby would take another element's text as its name).
          NODE_ENV: 'development',
          VITE_EMULATOR_HOST: host,
          VITE_AUTH_EMULATOR_PORT: String(ports.auth),
          VITE_FIRESTORE_EMULATOR_PORT: String(ports.firestore),
          VITE_FUNCTIONS_EMULATOR_PORT: String(ports.functions),
          VITE_STORAGE_EMULATOR_PORT: String(ports.storage),
          VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
          VITE_APP_CHECK_EXCHANGE_URL: urls.appCheck,
          VITE_APP_CHECK_DEBUG_TOKEN: appCheckDebugToken,
        },
        log,
      );
      started.push(svc);
      waits.push(waitForPort(ports.web, 30_000));
    }
    await Promise.all(waits);
    if (functionsLoadFailure) {
      throw new Error(
        `The Functions emulator could not load the functions: ${functionsLoadFailure}`,
      );
    }
    const HOUR_MS = String(60 * 60 * 1000);
    const sweepEnv = options.quietSweeps
      ? {
          ...env,
          MAIL_SWEEP_INTERVAL_MS: HOUR_MS,
          STALE_CHECKOUT_SWEEP_INTERVAL_MS: HOUR_MS,
          STOCK_FOLD_SWEEP_INTERVAL_MS: HOUR_MS,
          TAX_CERTIFICATE_SWEEP_INTERVAL_MS: HOUR_MS,
        }
      : env;
    // The scheduled functions (the Functions emulator runs no schedules): one process runs the
    // same handlers on timers, those this stack's services need (scripts/sweep-worker.ts).
    const sweeps: SweepName[] = [];
    // The outbox's retries.
    if (want.mail && want.firestore) sweeps.push('mail');
    // Stale checkouts, stock folds and the resale certificates' expiry reminders.
    if (want.functions && want.firestore && want.stripe) {
      sweeps.push('stale-checkouts', 'stock-folds', 'tax-certificates');
    }
    if (sweeps.length > 0) {
      const svc = launch(
        'sweep-worker',
        process.execPath,
        [...tsx(path.join(ROOT, 'scripts/sweep-worker.ts')), ...sweeps],
        sweepEnv,
        log,
      );
      started.push(svc);
      // With quietSweeps, the stack is ready once the sweeps' first runs at start have ended:
      // their reads would otherwise land in whatever is measured first.
      if (options.quietSweeps) {
        await ready(svc, (line) => line.includes(FIRST_SWEEPS_DONE), 60_000);
      }
    }
    if (options.officialFirestore && want.firestore) {
      const seed = launch(
        'seed',
        process.execPath,
        [...tsx(path.join(ROOT, 'scripts/seed-firestore.ts'))],
        env,
        log,
      );
      if ((await seed.proc.exited) !== 0)
        throw new Error('Seeding the official Firestore emulator failed');
    }
  } catch (error) {
    await stopAndCleanUp();
    throw error;
  }
  return { ports, urls, env, appCheckDebugToken, stop: stopAndCleanUp };
}
