// Two commit-level facts of the official emulator, through the running server:
// - a REQUEST_TIME server timestamp equals request.time exactly (microseconds included), so
//   rules like `request.resource.data.created_at == request.time` accept serverTimestamp();
// - a `verify` write reads the document, so it needs get permission.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/index.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /signups/{id} {
      allow create: if request.resource.data.created_at == request.time;
    }
    match /open/{id} { allow get: if true; }
    match /closed/{id} { allow get: if false; }
  }
}
`;
const PROJECT = 'demo-commit-time';
const DOCS = `projects/${PROJECT}/databases/(default)/documents`;
let emulator: FirestoreEmulator;
let dir = '';

async function commit(writes: unknown[], bearer?: string) {
  const res = await fetch(`${emulator.url}/v1/${DOCS}:commit`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify({ writes }),
  });
  return { status: res.status, json: (await res.json()) as { error?: { status: string } } };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'commit-time-'));
  const rulesFile = join(dir, 'firestore.rules');
  writeFileSync(rulesFile, RULES);
  emulator = await startFirestoreEmulator({
    port: 0,
    projectId: PROJECT,
    rulesFile,
    log: () => undefined,
  });
  for (const path of ['open/a', 'closed/a']) {
    const seeded = await commit(
      [{ update: { name: `${DOCS}/${path}`, fields: { n: { integerValue: '1' } } } }],
      'owner',
    );
    expect(seeded.status).toBe(200);
  }
});

afterAll(async () => {
  await emulator?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('commit time and verify writes under rules', () => {
  it('accepts a server timestamp compared with request.time', async () => {
    // Repeat: a truncated request.time would only match when the clock's microseconds are 000.
    for (let i = 0; i < 5; i += 1) {
      const res = await commit([
        {
          update: { name: `${DOCS}/signups/s${i}`, fields: {} },
          updateTransforms: [{ fieldPath: 'created_at', setToServerValue: 'REQUEST_TIME' }],
          currentDocument: { exists: false },
        },
      ]);
      expect(res.status).toBe(200);
    }
  });

  it('denies a client-chosen timestamp', async () => {
    const res = await commit([
      {
        update: {
          name: `${DOCS}/signups/forged`,
          fields: { created_at: { timestampValue: '2020-01-01T00:00:00Z' } },
        },
        currentDocument: { exists: false },
      },
    ]);
    expect(res.status).toBe(403);
    expect(res.json.error?.status).toBe('PERMISSION_DENIED');
  });

  it('allows verify on a readable document and denies it on an unreadable one', async () => {
    // A verify carries a precondition (the official emulator refuses one without).
    const exists = { currentDocument: { exists: true } };
    expect((await commit([{ verify: `${DOCS}/open/a`, ...exists }])).status).toBe(200);
    const denied = await commit([{ verify: `${DOCS}/closed/a`, ...exists }]);
    expect(denied.status).toBe(403);
    expect(denied.json.error?.status).toBe('PERMISSION_DENIED');
  });
});
