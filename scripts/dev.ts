/**
 * `npm start`: the whole local stack on its fixed ports with the demo data, hot reload for the
 * web app and the functions. Ctrl-C stops every process this script started (by process group).
 *
 *   npm start                              Java-free Firestore emulator (default)
 *   npm start -- --official-firestore      firebase-tools' Firestore emulator (Java 21 + internet)
 *   PORTAL_FIRESTORE=official npm start    same, by environment
 *   npm start -- --data <dir>              keep Auth, Firestore and Storage data in <dir> across restarts
 *                                          (the demo data the first time; exported on Ctrl-C)
 *   npm start -- --data <dir> --export-format official
 *                                          export Firestore in the official emulator's format
 *                                          (imports read either: emulators/firestore/README.md)
 */
import { DEMO_ACCOUNTS, demoMembership } from './demo-accounts';
import { assertPinnedNode } from './lib/node-runtime';
import { DEMO_PASSWORD, startStack, type RunningStack } from './lib/stack';

try {
  assertPinnedNode('npm start');
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

const official =
  process.argv.includes('--official-firestore') || process.env.PORTAL_FIRESTORE === 'official';
const verbose = process.argv.includes('--verbose');
const dataIndex = process.argv.indexOf('--data');
const dataDir = dataIndex > 0 ? process.argv[dataIndex + 1] : undefined;
if (dataIndex > 0 && (!dataDir || dataDir.startsWith('--'))) {
  process.stderr.write('--data needs a folder, e.g. npm start -- --data .emulator-data\n');
  process.exit(2);
}
const formatIndex = process.argv.indexOf('--export-format');
const exportFormat = formatIndex > 0 ? (process.argv[formatIndex + 1] ?? '') : undefined;
if (exportFormat !== undefined && exportFormat !== 'native' && exportFormat !== 'official') {
  process.stderr.write(
    `--export-format is native (this emulator's JSON, the default) or official (the official emulator's files), not "${exportFormat}"\n`,
  );
  process.exit(2);
}
if (exportFormat && official) {
  process.stderr.write(
    '--export-format is for the Java-free Firestore emulator, not --official-firestore\n',
  );
  process.exit(2);
}
const t0 = performance.now();

const colors: Record<string, string> = {
  firestore: '33',
  stripe: '35',
  firebase: '36',
  web: '32',
  'functions-build': '34',
  seed: '37',
  maildev: '35',
  'sweep-worker': '35',
};
function log(service: string, line: string) {
  if (!verbose && service === 'firebase' && /^\s*$|│|┌|└|├/.test(line)) return;
  process.stdout.write(`\x1b[${colors[service] ?? '37'}m${service.padEnd(16)}\x1b[0m ${line}\n`);
}

let stack: RunningStack | undefined;
/** The stack while it starts: Ctrl-C before it is ready still stops what has started. */
let starting: Promise<RunningStack> | undefined;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\nStopping the local stack...\n');
  const running = stack ?? (await starting?.catch(() => undefined));
  await running?.stop();
  process.stdout.write('Stopped. Ports are free again.\n');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  starting = startStack({
    ports: 'fixed',
    watch: true,
    officialFirestore: official,
    log,
    ...(dataDir ? { dataDir } : {}),
    ...(exportFormat ? { firestoreExportFormat: exportFormat } : {}),
  });
  stack = await starting;
} catch (error) {
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  await shutdown(1);
}

if (stack && !stopping) {
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  const rows = [
    ['Web app', stack.urls.web],
    ['Auth emulator', stack.urls.auth],
    ['Functions emulator', stack.urls.functions],
    [official ? 'Firestore (official emulator)' : 'Firestore emulator', stack.urls.firestore],
    ['Storage emulator', stack.urls.storage],
    ['Stripe sandbox', stack.urls.stripe],
    ['MailDev (every mail sent)', stack.urls.mail],
    ['MailDev SMTP', `smtp://127.0.0.1:${stack.ports.smtp}`],
    ['App Check exchange', stack.urls.appCheck],
    ['App Check debug token', stack.appCheckDebugToken],
  ];
  const accounts = DEMO_ACCOUNTS.map((a) => {
    const member = demoMembership(a);
    const company = member ? `, ${member.role} of ${a.storeName}` : '';
    return `  ${a.email.padEnd(22)} ${a.role} (${a.status}${company})`;
  });
  process.stdout.write(
    [
      '',
      `Wholesale portal ready in ${seconds} s`,
      ...rows.map(([name, url]) => `  ${name!.padEnd(30)} ${url}`),
      '',
      `Demo accounts (password ${DEMO_PASSWORD}):`,
      ...accounts,
      '',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}
