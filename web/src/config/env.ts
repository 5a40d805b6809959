import type { BuildEnv } from './firebase-web-config';
import { configFromBuildEnv } from './firebase-web-config';
import { emulatorAddresses, localFirebaseConfig } from './local-emulators';

/**
 * The web app's configuration, read and validated once.
 *
 * The app is wired to the emulators only under the Vite dev server (`npm start`, mode
 * development), under vitest (mode test) or in a build made with VITE_USE_EMULATORS=true. Vite replaces both conditions
 * with constants, so a production build contains neither the emulator addresses nor the demo
 * project. (The mode, not `DEV`: `DEV` follows NODE_ENV, so a build run with NODE_ENV=test or
 * development would otherwise be wired to the emulators.) In production
 * the Firebase web config comes from VITE_FIREBASE_* (all four, checked when building) or, when
 * none is set, from Firebase Hosting's /__/firebase/init.json (read in lib/firebase.ts).
 */
const vars = import.meta.env as unknown as BuildEnv;
export const local =
  import.meta.env.MODE === 'development' ||
  import.meta.env.MODE === 'test' ||
  import.meta.env.VITE_USE_EMULATORS === 'true';

export const env = {
  /** null: read the config from Firebase Hosting when the app starts. */
  firebase: local ? localFirebaseConfig(vars) : configFromBuildEnv(vars),
  functionsRegion: import.meta.env.VITE_FUNCTIONS_REGION?.trim() || 'us-central1',
  emulators: local ? emulatorAddresses(vars) : null,
  /** The reCAPTCHA Enterprise site key App Check uses in production (checked when building). */
  appCheckSiteKey: local ? '' : (import.meta.env.VITE_APP_CHECK_SITE_KEY?.trim() ?? ''),
} as const;
