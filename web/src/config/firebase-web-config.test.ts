import { describe, expect, it } from 'vitest';
import {
  configFromBuildEnv,
  isLocalBuild,
  parseHostingInitJson,
  productionBuildProblems,
} from './firebase-web-config';

const complete = {
  VITE_FIREBASE_API_KEY: 'AIza-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'acme.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'acme',
  VITE_FIREBASE_APP_ID: '1:2:web:3',
};

describe('the Firebase web config of a build', () => {
  it('is local only when VITE_USE_EMULATORS is exactly "true"', () => {
    expect(isLocalBuild({ VITE_USE_EMULATORS: 'true' })).toBe(true);
    expect(isLocalBuild({ VITE_USE_EMULATORS: '1' })).toBe(false);
    expect(isLocalBuild({})).toBe(false);
  });

  it('comes from all four variables, or from Firebase Hosting when none is set', () => {
    expect(configFromBuildEnv(complete)).toEqual({
      apiKey: 'AIza-key',
      authDomain: 'acme.firebaseapp.com',
      projectId: 'acme',
      appId: '1:2:web:3',
    });
    expect(configFromBuildEnv({})).toBeNull();
    expect(configFromBuildEnv({ VITE_FIREBASE_API_KEY: '  ' })).toBeNull();
  });

  it('names what is missing from a partial set', () => {
    expect(() => configFromBuildEnv({ ...complete, VITE_FIREBASE_APP_ID: '' })).toThrow(
      'Incomplete Firebase web config: VITE_FIREBASE_APP_ID is missing.',
    );
  });

  it('refuses demo- projects and unknown emulator flags in production', () => {
    const siteKey = { VITE_APP_CHECK_SITE_KEY: '6Lc-site-key' };
    expect(productionBuildProblems({ ...complete, ...siteKey })).toEqual([]);
    expect(productionBuildProblems(siteKey)).toEqual([]);
    expect(
      productionBuildProblems({ ...complete, ...siteKey, VITE_FIREBASE_PROJECT_ID: 'demo-acme' }),
    ).toEqual([expect.stringContaining('VITE_FIREBASE_PROJECT_ID is "demo-acme"')]);
    expect(productionBuildProblems({ ...siteKey, VITE_USE_EMULATORS: 'yes' })).toEqual([
      'VITE_USE_EMULATORS must be "true" or "false", not "yes".',
    ]);
  });

  it('refuses a production build without the App Check site key (every callable enforces App Check)', () => {
    for (const missing of [{}, { VITE_APP_CHECK_SITE_KEY: '  ' }]) {
      expect(productionBuildProblems({ ...complete, ...missing })).toEqual([
        expect.stringContaining('VITE_APP_CHECK_SITE_KEY is not set'),
      ]);
    }
  });
});

describe("Firebase Hosting's init.json", () => {
  it('gives the four values the app needs, whatever else it carries', () => {
    expect(
      parseHostingInitJson({
        ...{ apiKey: 'k', authDomain: 'a', projectId: 'p', appId: 'i' },
        storageBucket: 'b',
        messagingSenderId: '9',
      }),
    ).toEqual({ apiKey: 'k', authDomain: 'a', projectId: 'p', appId: 'i' });
  });

  it('is refused with a clear message when it is not a config (an SPA fallback page, say)', () => {
    expect(() => parseHostingInitJson({ projectId: 'p' })).toThrow(
      '/__/firebase/init.json is not a Firebase web config (apiKey, authDomain, appId missing). Is the app served by Firebase Hosting?',
    );
    expect(() => parseHostingInitJson('<!doctype html>')).toThrow(
      'Is the app served by Firebase Hosting?',
    );
  });
});
