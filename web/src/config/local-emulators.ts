import * as z from 'zod/mini';
import { integer } from '@portal/domain';
import { EMULATOR_DEFAULTS, type BuildEnv, type FirebaseWebConfig } from './firebase-web-config';

/**
 * Local wiring: the demo project and the emulators' addresses. Only the Vite dev server and
 * builds made with VITE_USE_EMULATORS=true use it; a production build drops this module.
 * `npm start` and the tests pass the ports they chose (scripts/lib/stack.ts).
 */
export interface EmulatorAddresses {
  host: string;
  authPort: number;
  firestorePort: number;
  functionsPort: number;
  /** firebase-tools' Storage emulator (rules run by our Java-free runtime, docs/storage.md). */
  storagePort: number;
  /**
   * The local App Check exchange and the debug token `npm start` printed; null when the build
   * was given none (a local build for page measurements): the callables then refuse calls.
   */
  appCheck: { exchangeUrl: string; debugToken: string } | null;
}

/** The local project: what the build variables give, the demo project for the rest. */
export function localFirebaseConfig(vars: BuildEnv): FirebaseWebConfig {
  const value = (name: string) => vars[name]?.trim() || undefined;
  const projectId = value('VITE_FIREBASE_PROJECT_ID') ?? 'demo-wholesale-portal';
  return {
    apiKey: value('VITE_FIREBASE_API_KEY') ?? 'demo-api-key',
    authDomain: value('VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
    projectId,
    appId: value('VITE_FIREBASE_APP_ID') ?? '1:000000000000:web:000000000000',
    // The default bucket name firebase-tools' Storage emulator and Functions emulator use.
    storageBucket: value('VITE_FIREBASE_STORAGE_BUCKET') ?? `${projectId}.appspot.com`,
  };
}

export function emulatorAddresses(vars: BuildEnv): EmulatorAddresses {
  // Built here, not at module level, so a production build drops it with this function. Zod
  // Mini has no messages of its own (it loads no locale): these are Zod's English ones.
  const port = (fallback: number) =>
    z._default(
      z.coerce
        .number({
          error: (issue) => `Invalid input: expected number, received ${String(issue.input)}`,
        })
        .check(integer(), z.positive('Too small: expected number to be >0')),
      fallback,
    );
  const emulatorVarsSchema = z.object({
    VITE_EMULATOR_HOST: z._default(
      z.string().check(z.minLength(1, 'Too small: expected string to have >=1 characters')),
      EMULATOR_DEFAULTS.host,
    ),
    VITE_AUTH_EMULATOR_PORT: port(EMULATOR_DEFAULTS.authPort),
    VITE_FIRESTORE_EMULATOR_PORT: port(EMULATOR_DEFAULTS.firestorePort),
    VITE_FUNCTIONS_EMULATOR_PORT: port(EMULATOR_DEFAULTS.functionsPort),
    VITE_STORAGE_EMULATOR_PORT: port(EMULATOR_DEFAULTS.storagePort),
    VITE_APP_CHECK_EXCHANGE_URL: z._default(z.url('Invalid URL'), 'http://127.0.0.1:9095'),
    VITE_APP_CHECK_DEBUG_TOKEN: z._default(z.string().check(z.trim()), ''),
  });
  const parsed = emulatorVarsSchema.safeParse(vars);
  if (!parsed.success) {
    throw new Error(
      `Invalid emulator settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const raw = parsed.data;
  return {
    host: raw.VITE_EMULATOR_HOST,
    authPort: raw.VITE_AUTH_EMULATOR_PORT,
    firestorePort: raw.VITE_FIRESTORE_EMULATOR_PORT,
    functionsPort: raw.VITE_FUNCTIONS_EMULATOR_PORT,
    storagePort: raw.VITE_STORAGE_EMULATOR_PORT,
    appCheck: raw.VITE_APP_CHECK_DEBUG_TOKEN
      ? { exchangeUrl: raw.VITE_APP_CHECK_EXCHANGE_URL, debugToken: raw.VITE_APP_CHECK_DEBUG_TOKEN }
      : null,
  };
}
