// Seed import/export, reset, and the CLI process (always our own emulator: these are its own features).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { parseSeed } from '../src/store/seed-format.js';
import { uniqueProjectId } from './support/target.js';

const SEED = {
  version: 1,
  documents: {
    'products/abc': {
      name: 'Widget',
      price_retailer: 1250,
      ratio: 0.5,
      active: true,
      note: null,
      tags: ['a', 'b'],
      dims: { w: 2, h: 3 },
      created_at: { $timestamp: '2025-01-05T10:00:00Z' },
      weight: { $double: 3 },
      same: { $reference: 'products/xyz' },
      blob: { $bytes: 'AQID' },
      where: { $geopoint: [48.5, 2.25] },
    },
    'profiles/u1': { full_name: 'Ann' },
    'profiles/u1/cart_items/abc': { quantity: 2 },
  },
};

let dir: string;
let seedFile: string;
const projectId = uniqueProjectId('seed');
let emulator: FirestoreEmulator;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-emu-'));
  seedFile = join(dir, 'seed.json');
  await writeFile(seedFile, JSON.stringify(SEED));
  emulator = await startFirestoreEmulator({ port: 0, projectId, seedFile });
});
afterAll(async () => {
  try {
    await emulator?.stop();
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
});

const get = async (
  path: string,
): Promise<{ status: number; body: { fields?: Record<string, unknown> } }> => {
  const res = await fetch(
    `${emulator.url}/v1/projects/${projectId}/databases/(default)/documents/${path}`,
    { headers: { authorization: 'Bearer owner' } },
  );
  return { status: res.status, body: (await res.json()) as { fields?: Record<string, unknown> } };
};

describe('seed import', () => {
  it('maps plain JSON and tagged values to Firestore values', async () => {
    const { status, body } = await get('products/abc');
    expect(status).toBe(200);
    expect(body.fields).toEqual({
      name: { stringValue: 'Widget' },
      price_retailer: { integerValue: '1250' },
      ratio: { doubleValue: 0.5 },
      active: { booleanValue: true },
      note: { nullValue: null },
      tags: { arrayValue: { values: [{ stringValue: 'a' }, { stringValue: 'b' }] } },
      dims: { mapValue: { fields: { w: { integerValue: '2' }, h: { integerValue: '3' } } } },
      created_at: { timestampValue: '2025-01-05T10:00:00Z' },
      weight: { doubleValue: 3 },
      same: { referenceValue: `projects/${projectId}/databases/(default)/documents/products/xyz` },
      blob: { bytesValue: 'AQID' },
      where: { geoPointValue: { latitude: 48.5, longitude: 2.25 } },
    });
  });

  it('loads subcollection documents', async () => {
    expect((await get('profiles/u1/cart_items/abc')).body.fields).toEqual({
      quantity: { integerValue: '2' },
    });
  });

  it('reset() drops changes and restores the seed', async () => {
    await fetch(
      `${emulator.url}/v1/projects/${projectId}/databases/(default)/documents/profiles/u1`,
      { method: 'DELETE', headers: { authorization: 'Bearer owner' } },
    );
    await fetch(`${emulator.url}/v1/projects/${projectId}/databases/(default)/documents/extra/x`, {
      method: 'PATCH',
      body: '{}',
    });
    expect((await get('profiles/u1')).status).toBe(404);
    await emulator.reset();
    expect((await get('profiles/u1')).status).toBe(200);
    expect((await get('extra/x')).status).toBe(404);
  });

  it('export writes the same format, sorted by path, and round-trips', async () => {
    const out = join(dir, 'export.json');
    await emulator.exportTo(out);
    const exported = JSON.parse(await readFile(out, 'utf8')) as typeof SEED;
    expect(Object.keys(exported.documents)).toEqual([
      'products/abc',
      'profiles/u1',
      'profiles/u1/cart_items/abc',
    ]);
    expect(exported).toEqual(SEED);
  });

  it('plain numbers beyond int64 become doubles', () => {
    const [doc] = parseSeed(
      '{"version":1,"documents":{"a/b":{"big":1e21,"neg":-5,"max":9007199254740993}}}',
      'projects/p/databases/(default)/documents',
    );
    expect(doc?.fields).toEqual({
      big: { doubleValue: 1e21 },
      neg: { integerValue: '-5' },
      max: { integerValue: '9007199254740992' },
    });
  });

  it.each([
    ['not JSON', '{'],
    ['a wrong version', '{"version":2,"documents":{}}'],
    ['an odd path', '{"version":1,"documents":{"products":{}}}'],
    ['an unknown tag', '{"version":1,"documents":{"a/b":{"x":{"$nope":1}}}}'],
    ['a bad timestamp', '{"version":1,"documents":{"a/b":{"x":{"$timestamp":"yesterday"}}}}'],
  ])('rejects a seed with %s', (_label, text) => {
    expect(() => parseSeed(text, 'projects/p/databases/(default)/documents')).toThrow();
  });
});

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

describe('CLI', () => {
  it('prints the ready line, serves, and exports on SIGTERM before exiting cleanly', async () => {
    const exportFile = join(dir, 'cli-export.json');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        CLI,
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--project',
        projectId,
        '--import',
        seedFile,
        '--export-on-exit',
        exportFile,
        '--quiet',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /^Firestore emulator ready on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
        if (m) resolve(m[1] as string);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const res = await fetch(
      `${url}/v1/projects/${projectId}/databases/(default)/documents/profiles/u1`,
    );
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const exported = JSON.parse(await readFile(exportFile, 'utf8')) as typeof SEED;
    expect(Object.keys(exported.documents)).toHaveLength(3);
  });

  it('exits with an error for a missing seed file', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--port', '0', '--import', join(dir, 'missing.json')],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const code = await new Promise<number | null>((resolve) =>
      child.once('exit', (c) => resolve(c)),
    );
    expect(code).toBe(1);
  });
});
