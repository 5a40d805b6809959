/**
 * firebase-tools' Functions and Firestore emulators, with our emulator standing in for the
 * official Firestore one (src/firebase-tools/launch-under-firebase-tools.ts), on free ports; with
 * `storageRules`, its Storage emulator too, evaluating them with our rules runtime
 * (src/storage-rules/) in place of the Java one. firebase-tools runs as the local stack runs it
 * (scripts/lib/firebase-tools-launch.ts): every function in one worker process, with the same
 * preloads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORAGE_RULES_BUNDLE, ensureFirestoreCliBundle } from '../../src/build-cli.js';
import {
  oneFunctionsWorker,
  withFirebaseToolsPreloads,
} from '../../../../scripts/lib/firebase-tools-launch.js';
import { freePort } from './free-port.js';
import { prepareFirebaseToolsLaunch } from '../../src/firebase-tools/launch-under-firebase-tools.js';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const REPO_ROOT = path.resolve(PACKAGE_DIR, '../..');

export interface FirebaseToolsStack {
  projectId: string;
  firestore: { host: string; port: number };
  functionsPort: number;
  /** The Storage emulator's port (0 without storageRules). */
  storagePort: number;
  /** Everything firebase-tools printed (shown when a test fails). */
  output(): string;
  /** How many Functions worker processes firebase-tools is running now. */
  functionWorkers(): Promise<number>;
  stop(): Promise<void>;
}

export async function startFirebaseToolsStack(options: {
  projectId: string;
  functionsSource: string;
  rules: string;
  /** Run the Storage emulator with these rules. */
  storageRules?: string;
}): Promise<FirebaseToolsStack> {
  const dir = await mkdtemp(path.join(tmpdir(), 'firestore-triggers-'));
  const [firestore, functions, hub, logging, websocket, storagePort, inspector] = await Promise.all(
    Array.from({ length: 7 }, () => freePort()),
  );
  const storage = options.storageRules !== undefined;
  await writeFile(path.join(dir, 'firestore.rules'), options.rules);
  if (storage) await writeFile(path.join(dir, 'storage.rules'), options.storageRules ?? '');
  await writeFile(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      functions: [{ source: path.relative(dir, options.functionsSource), codebase: 'default' }],
      firestore: { rules: 'firestore.rules' },
      ...(storage ? { storage: { rules: 'storage.rules' } } : {}),
      emulators: {
        singleProjectMode: true,
        functions: { host: '127.0.0.1', port: functions },
        firestore: { host: '127.0.0.1', port: firestore, websocketPort: websocket },
        ...(storage ? { storage: { host: '127.0.0.1', port: storagePort } } : {}),
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
      },
    }),
  );
  const launch = await prepareFirebaseToolsLaunch({
    dir,
    cli: await ensureFirestoreCliBundle(),
    storageRules: storage ? STORAGE_RULES_BUNDLE : undefined,
  });
  let output = '';
  const child: ChildProcess = spawn(
    path.join(REPO_ROOT, 'node_modules/.bin/firebase'),
    [
      'emulators:start',
      '--only',
      storage ? 'functions,firestore,storage' : 'functions,firestore',
      '--project',
      options.projectId,
      '--config',
      path.join(dir, 'firebase.json'),
      // One worker for every function, as the local stack runs them: a storage upload's trigger
      // no longer starts a worker process of its own (about 1 s of CPU each).
      ...oneFunctionsWorker(inspector),
    ],
    {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...launch.env,
        NO_UPDATE_NOTIFIER: '1',
        METADATA_SERVER_DETECTION: 'none',
        // Seconds firebase-tools waits for the functions' code to load (default 10): a busy
        // machine can take longer, and the functions are then silently not served.
        FUNCTIONS_DISCOVERY_TIMEOUT: '60',
        FIRESTORE_EMULATOR_HOST: undefined,
        NODE_OPTIONS: withFirebaseToolsPreloads(process.env.NODE_OPTIONS),
        // The Storage emulator's files live under <tmpdir>/firebase/storage and are deleted when
        // it stops: a tmpdir of this stack's own keeps other stacks' files (scripts/lib/stack.ts).
        TMPDIR: dir,
      },
    },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes('All emulators ready')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then((code) => reject(new Error(`firebase-tools exited (${code}):\n${output}`)));
      setTimeout(
        () => reject(new Error(`firebase-tools not ready in 90 s:\n${output}`)),
        90_000,
      ).unref();
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    projectId: options.projectId,
    firestore: { host: '127.0.0.1', port: firestore },
    functionsPort: functions,
    storagePort: storage ? storagePort : 0,
    output: () => output,
    functionWorkers: () => functionWorkersOf(child.pid),
    stop,
  };
}

/** Processes of firebase-tools' process group (it starts detached) that are Functions workers. */
async function functionWorkersOf(group: number | undefined): Promise<number> {
  if (group === undefined) return 0;
  let count = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, pgrp, ...
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== group) continue;
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (command.includes('functionsEmulatorRuntime')) count += 1;
    } catch {
      // gone since the listing
    }
  }
  return count;
}
