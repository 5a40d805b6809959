/**
 * scripts/lib/stack.ts: a stack on free ports removes the files it wrote into .portal-run when it
 * stops. Before, every test run left its stacks' config files and folders behind.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  firebaseToolsKey,
  ROOT,
  startStack,
  stackRunFiles,
  type RunningStack,
} from '../../scripts/lib/stack';

const RUN_DIR = path.join(ROOT, '.portal-run');
const entries = async () => new Set(existsSync(RUN_DIR) ? await readdir(RUN_DIR) : []);

let stack: RunningStack | undefined;
afterAll(async () => {
  await stack?.stop();
});

describe('a stack on free ports', () => {
  it('leaves nothing of its own in .portal-run once it has stopped', async () => {
    const before = await entries();
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
    const { ports } = stack;
    // Named by the Storage emulator's port, the one this stack holds.
    const key = firebaseToolsKey(ports, { auth: false, storage: true });
    expect(key).toBe(ports.storage);
    const files = stackRunFiles(key);
    expect(files.filter((file) => !existsSync(file))).toEqual([]);
    const portNumbers = Object.values(ports).map(String);
    const ofThisStack = (name: string) => portNumbers.some((port) => name.includes(port));
    const whileRunning = [...(await entries())].filter((name) => !before.has(name));
    expect(whileRunning.filter(ofThisStack).sort()).toEqual(
      files.map((file) => path.basename(file)).sort(),
    );

    await stack.stop();
    stack = undefined;
    // Nothing new named by one of its ports is left (other stacks of the run may add theirs).
    const left = [...(await entries())].filter((name) => !before.has(name) && ofThisStack(name));
    expect(left).toEqual([]);
  }, 60_000);
});
