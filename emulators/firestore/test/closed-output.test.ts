/**
 * The CLI when whoever read its output is gone (firebase-tools stopped or killed): its writes fail
 * with EPIPE. It must keep serving, drop the output, and still stop on SIGTERM; it once looped on
 * the failed write (error -> report on stderr -> error ...), spinning a core and ignoring signals.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureFirestoreCliBundle } from '../src/build-cli.js';

const PROJECT = 'demo-closed-output';
let cli = '';
let child: ChildProcess | undefined;
const exportRoot = mkdtempSync(path.join(tmpdir(), 'fs-closed-output-'));

beforeAll(async () => {
  cli = await ensureFirestoreCliBundle();
});
afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(exportRoot, { recursive: true, force: true });
});

/** CPU time (user + system, ms) the process has used, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

it('with its output pipes closed it keeps answering, stays idle and stops on SIGTERM', async () => {
  child = spawn(process.execPath, [cli, '--project', PROJECT, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    void exited.then((code) => reject(new Error(`exited ${code}`)));
  });
  // The reader goes away.
  child.stdout!.destroy();
  child.stderr!.destroy();

  // An export logs a line: that write now fails.
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${url}/emulator/v1/projects/${PROJECT}:export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        database: `projects/${PROJECT}/databases/(default)`,
        export_directory: exportRoot,
        export_name: `e${i}`,
      }),
    });
    expect(response.status).toBe(200);
  }
  const before = cpuMs(child.pid!);
  await new Promise((r) => setTimeout(r, 1000));
  // Idle: far from a spinning core (1000 ms of CPU per second).
  expect(cpuMs(child.pid!) - before).toBeLessThan(300);

  child.kill('SIGTERM');
  const code = await Promise.race([
    exited,
    new Promise<string>((r) => setTimeout(() => r('still running'), 8000)),
  ]);
  expect(code).toBe(0);
});
