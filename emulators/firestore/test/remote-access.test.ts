// The emulator listens on loopback only unless remote access is asked for: it trusts unsigned ID
// tokens and has unauthenticated admin endpoints (docs/local-firestore-emulator-trust.md). Through
// the prebuilt CLI (as the local stack and firebase-tools run it) and startFirestoreEmulator.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirestoreCliBundle } from '../src/build-cli.js';
import { isLoopbackHost, RemoteAccessRefusedError, startFirestoreEmulator } from '../src/index.js';
import { freePort } from './support/free-port.js';

const PROJECT = 'demo-remote-access';
const children = new Set<ChildProcess>();
let cli = '';

beforeAll(async () => {
  cli = await ensureFirestoreCliBundle();
}, 60_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the URL once the CLI says it is ready, or with the exit code if it exits first. */
  outcome: Promise<{ ready: string } | { exit: number | null }>;
  exited: Promise<number | null>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [cli, '--project', PROJECT, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const outcome = new Promise<{ ready: string } | { exit: number | null }>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ ready: m[1] as string });
    });
    void exited.then((code) => resolve({ exit: code }));
  });
  return { child, stdout: () => out, stderr: () => err, outcome, exited };
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stop(r: Run): Promise<number | null> {
  r.child.kill('SIGTERM');
  return r.exited;
}

describe('the CLI', () => {
  it('refuses --host 0.0.0.0: exits non-zero, explains why on stderr, never listens', async () => {
    const port = await freePort();
    const r = run(['--host', '0.0.0.0', '--port', String(port)]);
    const outcome = await r.outcome;
    if ('ready' in outcome) await stop(r);
    expect(outcome).toEqual({ exit: 1 });
    expect(r.stdout()).not.toContain('ready');
    const err = r.stderr();
    expect(err).toContain('refusing to listen on "0.0.0.0"');
    expect(err).toContain('unsigned ID tokens');
    expect(err).toMatch(/any uid and any custom claims/);
    expect(err).toContain('manager');
    expect(err).toMatch(/admin endpoints \(reset, export/);
    expect(err).toContain('"Bearer owner" token, which bypasses the security rules');
    expect(err).toContain('anyone who can reach the port can read and change all data');
    expect(err).toContain('--allow-remote-access');
    expect(await accepts(port)).toBe(false);
  }, 30_000);

  it('starts on 0.0.0.0 with --allow-remote-access, with a one-line warning even when --quiet', async () => {
    const port = await freePort();
    const r = run([
      '--host',
      '0.0.0.0',
      '--port',
      String(port),
      '--allow-remote-access',
      '--quiet',
    ]);
    const outcome = await r.outcome;
    expect(outcome).toEqual({ ready: `http://0.0.0.0:${port}` });
    const res = await fetch(
      `http://127.0.0.1:${port}/v1/projects/${PROJECT}/databases/(default)/documents/a/b`,
      { headers: { authorization: 'Bearer owner' } },
    );
    expect(res.status).toBe(404);
    const lines = r.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('WARNING');
    expect(lines[0]).toContain('"0.0.0.0"');
    expect(lines[0]).toContain('read and change all data');
    expect(await stop(r)).toBe(0);
  }, 30_000);

  it('listens on 127.0.0.1 by default, and takes the flags firebase-tools passes with its loopback host', async () => {
    const byDefault = run(['--port', '0', '--quiet']);
    const first = await byDefault.outcome;
    expect(first).toMatchObject({ ready: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    expect(await stop(byDefault)).toBe(0);

    // As the java stand-in of src/firebase-tools runs it, host from firebase.json.
    const port = await freePort();
    const asFirebaseTools = run([
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--project_id',
      PROJECT,
      '--single_project_mode',
      'true',
      '--exit-with-parent',
      '--quiet',
    ]);
    expect(await asFirebaseTools.outcome).toEqual({ ready: `http://127.0.0.1:${port}` });
    expect(asFirebaseTools.stderr()).toBe('');
    expect(await stop(asFirebaseTools)).toBe(0);
  }, 30_000);
});

describe('startFirestoreEmulator', () => {
  it.each(['0.0.0.0', '::', '', '192.168.1.10'])(
    'rejects host %j without remote access, before binding',
    async (host) => {
      const port = await freePort();
      await expect(startFirestoreEmulator({ host, port })).rejects.toBeInstanceOf(
        RemoteAccessRefusedError,
      );
      await expect(startFirestoreEmulator({ host, port })).rejects.toThrow(
        /not a loopback address[\s\S]*unsigned ID tokens[\s\S]*allowRemoteAccess/,
      );
      expect(await accepts(port)).toBe(false);
    },
  );

  it('starts on 0.0.0.0 with allowRemoteAccess, warning once through warn', async () => {
    const warnings: string[] = [];
    const emu = await startFirestoreEmulator({
      host: '0.0.0.0',
      port: 0,
      projectId: PROJECT,
      allowRemoteAccess: true,
      warn: (line) => warnings.push(line),
    });
    try {
      expect(emu.host).toBe('0.0.0.0');
      expect(await accepts(emu.port)).toBe(true);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('WARNING');
    } finally {
      await emu.stop();
    }
  });

  it('defaults to 127.0.0.1 and warns about nothing on loopback', async () => {
    const lines: string[] = [];
    const emu = await startFirestoreEmulator({ port: 0, log: (l) => lines.push(l) });
    try {
      expect(emu.host).toBe('127.0.0.1');
      expect(emu.url).toBe(`http://127.0.0.1:${emu.port}`);
      expect(lines.filter((l) => l.includes('WARNING'))).toEqual([]);
    } finally {
      await emu.stop();
    }
  });

  it('counts 127.x, ::1 (in any spelling) and localhost as loopback, nothing else', () => {
    for (const host of [
      '127.0.0.1',
      '127.0.0.2',
      '127.255.1.1',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      'localhost',
      'LOCALHOST',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '',
      '10.0.0.1',
      '192.168.1.10',
      '128.0.0.1',
      '::ffff:10.0.0.1',
      'example.com',
      'localhost.example.com',
      '[::1]',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
