/**
 * Benchmark of the Java-free Firestore emulator, run as the CLI in a child process:
 * start-to-ready, idle RSS, REST commit latency, a one-equality-filter query over 10,000 documents,
 * and a single-document read as a signed-in (non-admin) user so the rules cost shows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const PROJECT = 'demo-bench';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function startCli(
  rulesFile: string,
): Promise<{ child: ChildProcess; url: string; readyMs: number }> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--port', '0', '--project', PROJECT, '--rules', rulesFile, '--quiet'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  return { child, url, readyMs: performance.now() - t0 };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN');
  return kb / 1024;
}

function unsignedToken(uid: string): string {
  const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: uid, user_id: uid, role: 'retailer', status: 'approved' })}.`;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'fs-bench-'));
  const rulesFile = join(dir, 'bench.rules');
  await writeFile(
    rulesFile,
    "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n    match /{document=**} {\n      allow read: if request.auth != null;\n    }\n  }\n}\n",
  );

  const readyTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { child, readyMs } = await startCli(rulesFile);
    readyTimes.push(readyMs);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }

  const { child, url } = await startCli(rulesFile);
  await new Promise((r) => setTimeout(r, 500));
  const idleRss = rssMb(child.pid as number);

  const docs = `${url}/v1/projects/${PROJECT}/databases/(default)/documents`;
  const name = (path: string): string =>
    `projects/${PROJECT}/databases/(default)/documents/${path}`;
  const admin = { authorization: 'Bearer owner', 'content-type': 'application/json' };
  const post = async (
    verb: string,
    body: unknown,
    headers: Record<string, string> = admin,
  ): Promise<unknown> => {
    const res = await fetch(`${docs}:${verb}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${verb} failed: ${res.status} ${await res.text()}`);
    return res.json();
  };

  const commitTimes: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await post('commit', {
      writes: [
        {
          update: {
            name: name(`bench/c${i}`),
            fields: { i: { integerValue: String(i) }, s: { stringValue: 'x' } },
          },
        },
      ],
    });
    if (i >= 50) commitTimes.push(performance.now() - t);
  }

  for (let start = 0; start < 10_000; start += 500) {
    const writes = Array.from({ length: 500 }, (_, k) => {
      const i = start + k;
      return {
        update: {
          name: name(`items/i${i}`),
          fields: {
            cat: { stringValue: `c${i % 100}` },
            n: { integerValue: String(i) },
            label: { stringValue: `item ${i}` },
          },
        },
      };
    });
    await post('commit', { writes });
  }
  const queryTimes: number[] = [];
  let matched = 0;
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    const res = (await post('runQuery', {
      structuredQuery: {
        from: [{ collectionId: 'items' }],
        where: {
          fieldFilter: {
            field: { fieldPath: 'cat' },
            op: 'EQUAL',
            value: { stringValue: `c${i % 100}` },
          },
        },
      },
    })) as unknown[];
    if (i >= 5) queryTimes.push(performance.now() - t);
    matched = res.length;
  }

  const user = { authorization: `Bearer ${unsignedToken('u1')}`, 'content-type': 'text/plain' };
  const getTimes: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await post('batchGet', { documents: [name(`bench/c${i % 100}`)] }, user);
    if (i >= 50) getTimes.push(performance.now() - t);
  }
  const loadedRss = rssMb(child.pid as number);

  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));

  const line = (label: string, value: string, goal: string): string =>
    `${label.padEnd(52)} ${value.padStart(10)}   goal ${goal}`;
  console.log(
    line(
      'start-to-ready (CLI via tsx, median of 3)',
      `${median(readyTimes).toFixed(0)} ms`,
      '< 500 ms',
    ),
  );
  console.log(line('idle RSS after start', `${idleRss.toFixed(1)} MB`, '< 100 MB'));
  console.log(
    line('median REST commit of one document', `${median(commitTimes).toFixed(2)} ms`, '< 5 ms'),
  );
  console.log(
    line(
      `median equality query over 10,000 docs (${matched} hits)`,
      `${median(queryTimes).toFixed(2)} ms`,
      '< 50 ms',
    ),
  );
  console.log(
    line(
      'median single-document read as a signed-in user',
      `${median(getTimes).toFixed(2)} ms`,
      '(rules cost)',
    ),
  );
  console.log(line('RSS with 10,300 documents', `${loadedRss.toFixed(1)} MB`, ''));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
