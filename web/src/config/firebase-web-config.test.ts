import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  firebaseDataOrigins,
  configFromBuildEnv,
  fetchHostingConfig,
  hostingConfig,
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

describe('the origins a signed-in page reads from at once', () => {
  it("are Google's Auth and Firestore APIs in production", () => {
    expect(firebaseDataOrigins({})).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://firestore.googleapis.com',
    ]);
  });

  it("are the Auth and Firestore emulators in a local build, at its ports or npm start's", () => {
    expect(firebaseDataOrigins({ VITE_USE_EMULATORS: 'true' })).toEqual([
      'http://127.0.0.1:9099',
      'http://127.0.0.1:8080',
    ]);
    expect(
      firebaseDataOrigins({
        VITE_USE_EMULATORS: 'true',
        VITE_EMULATOR_HOST: 'localhost',
        VITE_AUTH_EMULATOR_PORT: '41001',
        VITE_FIRESTORE_EMULATOR_PORT: '41002',
      }),
    ).toEqual(['http://localhost:41001', 'http://localhost:41002']);
  });
});

describe("Firebase Hosting's init.json", () => {
  it('gives the four values the app needs and the storage bucket, whatever else it carries', () => {
    expect(
      parseHostingInitJson({
        ...{ apiKey: 'k', authDomain: 'a', projectId: 'p', appId: 'i' },
        storageBucket: 'b',
        messagingSenderId: '9',
      }),
    ).toStrictEqual({
      apiKey: 'k',
      authDomain: 'a',
      projectId: 'p',
      appId: 'i',
      storageBucket: 'b',
    });
    // A project without a default bucket: no storageBucket key at all.
    expect(
      parseHostingInitJson({ apiKey: 'k', authDomain: 'a', projectId: 'p', appId: 'i' }),
    ).toStrictEqual({ apiKey: 'k', authDomain: 'a', projectId: 'p', appId: 'i' });
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

describe('fetching init.json from Firebase Hosting', () => {
  const initJson = {
    apiKey: 'AIza-key',
    authDomain: 'acme.firebaseapp.com',
    projectId: 'acme',
    appId: '1:2:web:3',
    storageBucket: 'acme.appspot.com',
  };
  const ok = () => new Response(JSON.stringify(initJson), { status: 200 });
  /** A fetch that answers each call with the next outcome (a Response, or an error to throw). */
  const scripted = (outcomes: (Response | Error)[]) => {
    const calls: string[] = [];
    const fetchImpl = (async (url: string) => {
      calls.push(url);
      const next = outcomes.shift();
      if (!next) throw new Error('no more answers scripted');
      if (next instanceof Error) throw next;
      return next;
    }) as unknown as typeof fetch;
    return { fetchImpl, calls };
  };
  const waits: number[] = [];
  const wait = async (ms: number) => {
    waits.push(ms);
  };

  it('tries a dropped request and a 5xx again, waiting between attempts, and then succeeds', async () => {
    waits.length = 0;
    const { fetchImpl, calls } = scripted([
      new TypeError('Failed to fetch'),
      new Response('', { status: 503 }),
      ok(),
    ]);
    const config = await fetchHostingConfig(fetchImpl, [400, 1500], wait);
    expect(config.projectId).toBe('acme');
    expect(calls).toEqual([
      '/__/firebase/init.json',
      '/__/firebase/init.json',
      '/__/firebase/init.json',
    ]);
    expect(waits).toEqual([400, 1500]);
  });

  it('gives up after the last attempt with the reason', async () => {
    waits.length = 0;
    const { fetchImpl, calls } = scripted([
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
    ]);
    await expect(fetchHostingConfig(fetchImpl, [400, 1500], wait)).rejects.toThrow(
      'Could not load the Firebase config from /__/firebase/init.json (Failed to fetch).',
    );
    expect(calls).toHaveLength(3);
  });

  it('fails at once on a 404 (not served by Firebase Hosting): no retry', async () => {
    waits.length = 0;
    const { fetchImpl, calls } = scripted([new Response('not found', { status: 404 })]);
    await expect(fetchHostingConfig(fetchImpl, [400, 1500], wait)).rejects.toThrow('(HTTP 404)');
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  afterEach(() => vi.unstubAllGlobals());

  it("shares one page's config between its callers, and asks again after a failure", async () => {
    const { fetchImpl, calls } = scripted([new Response('not found', { status: 404 }), ok()]);
    vi.stubGlobal('fetch', fetchImpl);
    await expect(hostingConfig()).rejects.toThrow('(HTTP 404)');
    const [first, second] = await Promise.all([hostingConfig(), hostingConfig()]);
    expect(first.apiKey).toBe('AIza-key');
    expect(second).toBe(first);
    expect((await hostingConfig()).projectId).toBe('acme');
    expect(calls).toHaveLength(2);
  });

  it('refuses an answer that is not a config without trying again', async () => {
    const { fetchImpl, calls } = scripted([new Response('<!doctype html>', { status: 200 })]);
    await expect(fetchHostingConfig(fetchImpl, [400, 1500], wait)).rejects.toThrow(
      'is not a Firebase web config',
    );
    expect(calls).toHaveLength(1);
  });
});
