import type { FirebaseApp } from 'firebase/app';
import {
  CustomProvider,
  initializeAppCheck,
  ReCaptchaEnterpriseProvider,
  type AppCheck,
} from 'firebase/app-check';
import { local as localBuild } from '@/config/env';
import type { EmulatorAddresses } from '@/config/local-emulators';

/**
 * App Check: every callable (and, in production, Firestore) accepts only requests carrying a
 * token that proves they come from this app. The Firebase SDKs attach it on their own once App
 * Check is initialised, before any call is made.
 *
 * - Production: reCAPTCHA Enterprise, with the site key given at build time
 *   (VITE_APP_CHECK_SITE_KEY; a production build without it is refused).
 * - Local: the stack's App Check exchange trades the debug token `npm start` printed for a token
 *   the callables verify in the Functions emulator (functions/src/lib/app-check.ts).
 *
 * The replay-protected callables (web/src/lib/callables.ts) ask for a limited-use token for each
 * call. The SDK keeps no limited-use token: it asks the provider again each time, reCAPTCHA for a
 * new attestation and the local provider the exchange for a new token (its own jti), which the
 * function then spends.
 */
export function startAppCheck(
  app: FirebaseApp,
  settings: { emulators: EmulatorAddresses | null; siteKey: string },
): AppCheck | null {
  // `localBuild` is a build-time constant: a production build drops this branch.
  if (localBuild && settings.emulators) {
    const local = settings.emulators.appCheck;
    if (!local) return null;
    return initializeAppCheck(app, {
      provider: localExchangeProvider(app, local),
      isTokenAutoRefreshEnabled: true,
    });
  }
  return initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(settings.siteKey),
    isTokenAutoRefreshEnabled: true,
  });
}

function localExchangeProvider(
  app: FirebaseApp,
  local: { exchangeUrl: string; debugToken: string },
): CustomProvider {
  const { projectId = '', appId } = app.options;
  const url = `${local.exchangeUrl}/v1/projects/${encodeURIComponent(projectId)}/apps/${encodeURIComponent(appId ?? '')}:exchangeDebugToken`;
  return new CustomProvider({
    getToken: async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ debugToken: local.debugToken }),
      });
      if (!response.ok) {
        throw new Error(
          `The local App Check exchange refused the debug token (HTTP ${response.status}).`,
        );
      }
      const { token, ttl } = (await response.json()) as { token: string; ttl: string };
      return { token, expireTimeMillis: Date.now() + Number.parseInt(ttl, 10) * 1000 };
    },
  });
}
