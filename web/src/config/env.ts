import { z } from 'zod';

/**
 * The web app's configuration, read and validated once. Defaults run against the local
 * emulators with the demo project, so `npm start` needs no .env file. Production builds set
 * VITE_USE_EMULATORS=false and the real Firebase web config (see README "Configuration").
 */
const envSchema = z.object({
  VITE_FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
  VITE_FIREBASE_AUTH_DOMAIN: z.string().min(1).default('demo-wholesale-portal.firebaseapp.com'),
  VITE_FIREBASE_PROJECT_ID: z.string().min(1).default('demo-wholesale-portal'),
  VITE_FIREBASE_APP_ID: z.string().min(1).default('1:000000000000:web:000000000000'),
  VITE_FUNCTIONS_REGION: z.string().min(1).default('us-central1'),
  VITE_USE_EMULATORS: z.enum(['true', 'false']).default('true'),
  VITE_EMULATOR_HOST: z.string().min(1).default('127.0.0.1'),
  VITE_AUTH_EMULATOR_PORT: z.coerce.number().int().positive().default(9099),
  VITE_FIRESTORE_EMULATOR_PORT: z.coerce.number().int().positive().default(8080),
  VITE_FUNCTIONS_EMULATOR_PORT: z.coerce.number().int().positive().default(5001),
});

const parsed = envSchema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(`Invalid web configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
}
const raw = parsed.data;

export const env = {
  firebase: {
    apiKey: raw.VITE_FIREBASE_API_KEY,
    authDomain: raw.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: raw.VITE_FIREBASE_PROJECT_ID,
    appId: raw.VITE_FIREBASE_APP_ID,
  },
  functionsRegion: raw.VITE_FUNCTIONS_REGION,
  emulators:
    raw.VITE_USE_EMULATORS === 'true'
      ? {
          host: raw.VITE_EMULATOR_HOST,
          authPort: raw.VITE_AUTH_EMULATOR_PORT,
          firestorePort: raw.VITE_FIRESTORE_EMULATOR_PORT,
          functionsPort: raw.VITE_FUNCTIONS_EMULATOR_PORT,
        }
      : null,
} as const;
