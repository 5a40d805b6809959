/**
 * scripts/lib/functions-worker-order.cjs: in the Functions emulator's one worker, the IPC message
 * naming a request's function and that request are taken strictly in turn. A stand-in for
 * firebase-tools' runtime (a file of the same name, which keeps the function named by the last
 * message in a global and reads it only once a request's body is in) is started with and without
 * the preload, and sent what firebase-tools sends under load: a request before its message, and
 * the next message while the previous request is still sending its body.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PRELOAD = path.join(ROOT, 'scripts/lib/functions-worker-order.cjs');

/** Like firebase-tools' runtime: the target from the last message, read after the body. */
const STAND_IN = `
let target = '';
// As the runtime does: each message is handled on a promise chain, a microtask after it arrives.
let handled = Promise.resolve();
process.on('message', (message) => {
  handled = handled.then(async () => { target = JSON.parse(message).functionTarget; });
});
const server = require('node:http').createServer((req, res) => {
  if (req.url === '/__/health') return res.end('ok');
  let body = '';
  req.on('data', (chunk) => { body += chunk; });
  req.on('end', () => res.end(JSON.stringify({ target, body })));
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
`;

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'worker-order-'));
  await writeFile(path.join(dir, 'functionsEmulatorRuntime'), STAND_IN);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function startWorker(withPreload: boolean): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(dir, 'functionsEmulatorRuntime'), [], {
    env: { ...process.env, FUNCTION_DEBUG_MODE: 'true', NODE_OPTIONS: '' },
    execArgv: withPreload ? ['--require', PRELOAD] : [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`stand-in exited (${code})`)));
  });
  return { child, port };
}

/** Tells the worker which function the next request is for, as firebase-tools does. */
const name = (child: ChildProcess, functionTarget: string) =>
  child.send(JSON.stringify({ functionTarget, functionSignature: 'http' }));

/** A request whose body is sent in two parts, `gapMs` apart; answers what the worker ran. */
function request(
  port: number,
  body: [string, string],
  gapMs = 0,
): { answer: Promise<{ target: string; body: string }> } {
  const answer = new Promise<{ target: string; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/' }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve(JSON.parse(text) as { target: string; body: string }));
    });
    req.on('error', reject);
    req.flushHeaders();
    req.write(body[0]);
    void sleep(gapMs).then(() => req.end(body[1]));
  });
  return { answer };
}

async function overlapped(withPreload: boolean) {
  const { child, port } = await startWorker(withPreload);
  try {
    // A request that reaches the worker before the message naming its function.
    const first = request(port, ['a', '1']);
    await sleep(100);
    name(child, 'alpha');
    const alpha = await first.answer;
    // The next message while the previous request is still sending its body.
    name(child, 'beta');
    const second = request(port, ['b', '2'], 300);
    await sleep(100);
    name(child, 'gamma');
    const third = request(port, ['c', '3']);
    return { alpha, beta: await second.answer, gamma: await third.answer };
  } finally {
    child.kill();
  }
}

describe('the one Functions worker', () => {
  it('without the preload runs requests as the wrong function (the stand-in reproduces it)', async () => {
    const { alpha, beta } = await overlapped(false);
    expect(alpha.target).toBe('');
    expect(beta.target).toBe('gamma');
  });

  it('with it, runs each request as the function its message named, in turn', async () => {
    const { alpha, beta, gamma } = await overlapped(true);
    expect(alpha).toEqual({ target: 'alpha', body: 'a1' });
    expect(beta).toEqual({ target: 'beta', body: 'b2' });
    expect(gamma).toEqual({ target: 'gamma', body: 'c3' });
  });

  it('lets health checks through at once', async () => {
    const { child, port } = await startWorker(true);
    try {
      const text = await new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/__/health' }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
      expect(text).toBe('ok');
    } finally {
      child.kill();
    }
  });
});
