// The prebuilt CLI (src/build-cli.ts -> dist/cli.mjs): it builds, is reused while src/ is unchanged,
// and runs with plain node: REST, gRPC (protos found from dist/), and rules with a regex (re2js
// loaded on first use from dist/).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { batchGetOnce } from '../bench/grpc-probe.js';
import {
  ensureFirestoreCliBundle,
  FIRESTORE_CLI_BUNDLE,
  firestoreCliBundleIsFresh,
} from '../src/build-cli.js';

const PROJECT = 'demo-cli-bundle';
const dir = mkdtempSync(join(tmpdir(), 'cli-bundle-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function token(uid: string): string {
  const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: uid, user_id: uid })}.`;
}

describe('the prebuilt CLI bundle', () => {
  it('is built when missing or stale, then reused', async () => {
    const file = await ensureFirestoreCliBundle();
    expect(file).toBe(FIRESTORE_CLI_BUNDLE);
    expect(firestoreCliBundleIsFresh()).toBe(true);
    const built = statSync(file).mtimeMs;
    await ensureFirestoreCliBundle();
    expect(statSync(file).mtimeMs).toBe(built);
  }, 60_000);

  it('serves REST, gRPC and rules with plain node', async () => {
    const rulesFile = join(dir, 'firestore.rules');
    writeFileSync(
      rulesFile,
      `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /codes/{id} {
      allow get: if request.auth != null && id.matches('^[a-z]+-[0-9]+$');
    }
  }
}
`,
    );
    const proc = spawn(
      process.execPath,
      [
        await ensureFirestoreCliBundle(),
        '--port',
        '0',
        '--project',
        PROJECT,
        '--rules',
        rulesFile,
        '--quiet',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child = proc;
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      proc.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /ready on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1] as string);
      });
      proc.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    const docs = `${url}/v1/projects/${PROJECT}/databases/(default)/documents`;
    const write = await fetch(`${docs}:commit`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({
        writes: ['codes/abc-12', 'codes/ABC'].map((p) => ({
          update: {
            name: `projects/${PROJECT}/databases/(default)/documents/${p}`,
            fields: { n: { integerValue: '1' } },
          },
        })),
      }),
    });
    expect(write.status).toBe(200);
    const asUser = { authorization: `Bearer ${token('u1')}` };
    expect((await fetch(`${docs}/codes/abc-12`, { headers: asUser })).status).toBe(200);
    expect((await fetch(`${docs}/codes/ABC`, { headers: asUser })).status).toBe(403);
    expect(await batchGetOnce(Number(new URL(url).port), PROJECT)).toBe('0');
  }, 60_000);
});
