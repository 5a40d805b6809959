/**
 * scripts/lib/stack.ts: a stack on free ports removes the files it wrote under its own ports
 * (.portal-run) when it stops, and only those. Before, every test run left its stacks' config
 * files and folders behind.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack, stackRunFiles, type RunningStack } from '../../scripts/lib/stack';

/** Another stack's config file (port 1: never a free port a stack is given). */
const [OTHER = ''] = stackRunFiles({ auth: 1, firestore: 1 });

let stack: RunningStack | undefined;
afterAll(async () => {
  await stack?.stop();
  await rm(OTHER, { force: true });
});

describe('a stack on free ports', () => {
  it('removes its own files in .portal-run when it stops, and no other stack’s', async () => {
    await mkdir(path.dirname(OTHER), { recursive: true });
    await writeFile(OTHER, '{}');
    // The smallest stack that writes them all: firebase-tools with the Storage emulator only.
    stack = await startStack({
      ports: 'free',
      services: {
        auth: false,
        firestore: false,
        stripe: false,
        functions: false,
        web: false,
        storage: true,
      },
    });
    const files = stackRunFiles(stack.ports);
    expect(files.map((file) => path.basename(file))).toEqual([
      `firebase.${stack.ports.auth}.json`,
      `functions-env.${stack.ports.auth}`,
      `storage.${stack.ports.auth}.rules`,
      `firestore-${stack.ports.firestore}`,
      `firebase-tmp-${stack.ports.auth}`,
    ]);
    expect(files.filter((file) => !existsSync(file))).toEqual([]);

    await stack.stop();
    stack = undefined;
    expect(files.filter((file) => existsSync(file))).toEqual([]);
    expect(existsSync(OTHER)).toBe(true);
  }, 60_000);
});
