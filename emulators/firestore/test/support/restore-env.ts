import { afterAll } from 'vitest';

/**
 * The files of one worker share a process (vitest.config.ts: `isolate: false`), and some point
 * the SDKs at their emulator through process.env (FIRESTORE_EMULATOR_HOST, say). Each file's
 * environment is put back as it found it, so the next file, and the firebase-tools it starts,
 * never see an emulator that has stopped.
 */
const atStart = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) {
    if (!(key in atStart)) delete process.env[key];
  }
  Object.assign(process.env, atStart);
});
