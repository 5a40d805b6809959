/**
 * The emulators under test, each started in a child process that is the server itself (so its
 * /proc/<pid>/status VmRSS is the server's): ours from dist/cli.mjs (or any CLI given with --cli,
 * .ts files through tsx), and the peer, @firestore-emulator/server, installed on demand outside the
 * repository and started by a small launcher written next to it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test/support/free-port.js';

export const PEER_PACKAGE = '@firestore-emulator/server';
export const PEER_VERSION = '0.3.15';
/** Where the peer is installed (reused when the right version is already there). */
export const PEER_DIR = path.join(tmpdir(), 'firestore-bench-peer');

export interface ServerSpec {
  /** Column title. */
  name: string;
  /** Node arguments before `--port <port>`... are appended by `args`. */
  command: (port: number) => { args: string[]; cwd: string };
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  /** performance.now() when the process was spawned. */
  spawnedAt: number;
  stop(): Promise<void>;
}

/** VmRSS of a process, in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN') / 1024;
}

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const port = await freePort();
  const { args, cwd } = spec.command(port);
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  let stderr = '';
  let stopping = false;
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (code && code !== 0 && signal === null && !stopping)
        process.stderr.write(`${spec.name} exited with ${code}:\n${stderr}\n`);
      resolve();
    }),
  );
  return {
    child,
    port,
    spawnedAt,
    stop: async () => {
      stopping = true;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resolves once the port accepts a TCP connection (no bytes are sent: nothing is handled). */
export async function waitForListening(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (performance.now() > deadline) throw new Error(`port ${port} never opened`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Our emulator: a bundle (.mjs/.js) with plain node, a .ts CLI through tsx. */
export function oursSpec(cli: string, project: string, rulesFile: string): ServerSpec {
  const packageDir = path.resolve(path.dirname(cli), '..');
  return {
    name: 'ours',
    command: (port) => ({
      cwd: packageDir,
      args: [
        ...(cli.endsWith('.ts') ? ['--import', 'tsx'] : []),
        cli,
        '--port',
        String(port),
        '--project',
        project,
        '--rules',
        rulesFile,
        '--quiet',
      ],
    }),
  };
}

const LAUNCHER = `// Written by emulators/firestore/bench: starts ${PEER_PACKAGE} on the port given.
const { FirestoreServer } = require('${PEER_PACKAGE}');
const server = new FirestoreServer();
server.start(Number(process.argv[2])).catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

/** Installs the peer into PEER_DIR unless that version is there already. */
export async function ensurePeerInstalled(log: (line: string) => void): Promise<void> {
  const manifest = path.join(PEER_DIR, 'node_modules', PEER_PACKAGE, 'package.json');
  const installed = await readFile(manifest, 'utf8').then(
    (text) => (JSON.parse(text) as { version?: string }).version,
    () => undefined,
  );
  if (installed !== PEER_VERSION) {
    log(`installing ${PEER_PACKAGE}@${PEER_VERSION} into ${PEER_DIR} ...`);
    await mkdir(PEER_DIR, { recursive: true });
    const npmCli = process.env['npm_execpath'];
    const [file, prefix] =
      npmCli && npmCli.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', [] as string[]];
    await promisify(execFile)(
      file,
      [
        ...prefix,
        'install',
        '--prefix',
        PEER_DIR,
        `${PEER_PACKAGE}@${PEER_VERSION}`,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      { cwd: PEER_DIR },
    );
  }
  await writeFile(path.join(PEER_DIR, 'launch-peer.cjs'), LAUNCHER);
}

export function peerSpec(): ServerSpec {
  return {
    name: 'peer',
    command: (port) => ({
      cwd: PEER_DIR,
      args: [path.join(PEER_DIR, 'launch-peer.cjs'), String(port)],
    }),
  };
}

export type { ChildProcess };
