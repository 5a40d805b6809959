/**
 * scripts/lib/processes.ts: a process group a script started is stopped when the script exits
 * without stopping it (vitest after Ctrl-C or SIGTERM exits at once, without its global
 * teardown), and only that group.
 */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** True while a process with this id runs (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** When a test fails, the sleeper it left behind (its own group: startProcess detaches it). */
function stopGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone, as it should be.
  }
}

/** A script that starts `sleep 300` through startProcess, prints its pid, then ends as told. */
function runScript(ending: string): Promise<{ pid: number; code: number }> {
  const script = `
    import { startProcess } from './scripts/lib/processes.ts';
    const proc = startProcess({ name: 'sleeper', command: 'sleep', args: ['300'], cwd: process.cwd() });
    process.stdout.write(String(proc.child.pid) + '\\n');
    ${ending}
  `;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: ROOT, timeout: 30_000 },
      (error, stdout) => {
        const pid = Number(stdout.trim().split('\n')[0]);
        if (!Number.isInteger(pid) || pid <= 0) reject(error ?? new Error(`no pid in ${stdout}`));
        else resolve({ pid, code: typeof error?.code === 'number' ? error.code : 0 });
      },
    );
  });
}

describe('startProcess', () => {
  it('stops a group still running when the script exits', async () => {
    const { pid, code } = await runScript('setTimeout(() => process.exit(3), 200);');
    try {
      expect(code).toBe(3);
      await expect.poll(() => alive(pid), { timeout: 5_000, interval: 50 }).toBe(false);
    } finally {
      stopGroup(pid);
    }
  });

  it('stops it when the script exits on SIGTERM through its own handler, as vitest does', async () => {
    const { pid } = await runScript(`
      process.once('SIGTERM', () => setTimeout(() => process.exit(), 1));
      setTimeout(() => process.kill(process.pid, 'SIGTERM'), 200);
    `);
    try {
      await expect.poll(() => alive(pid), { timeout: 5_000, interval: 50 }).toBe(false);
    } finally {
      stopGroup(pid);
    }
  });

  it('leaves alone a process it did not start', async () => {
    const stranger = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
    try {
      await runScript('setTimeout(() => process.exit(0), 200);');
      expect(alive(stranger.pid!)).toBe(true);
    } finally {
      stranger.kill('SIGKILL');
    }
  });
});
