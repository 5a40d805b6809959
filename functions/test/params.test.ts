import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { declaredParams } from 'firebase-functions/params';
import { BRAND, MAIL_RETRY_DELAYS_MS, parseRetryDelays } from '@portal/domain';
import { localFunctionsSettings } from '../../scripts/lib/stack';
import { createContext } from '../src/lib/context';
import { LOCAL_STACK_ENV, PLATFORM_ENV, runtimeEnv, SETTINGS } from '../src/lib/params';
import { contactAddress, resolveMailConfig } from '../src/mail/config';
import { resolveWebOrigin } from '../src/lib/stripe-client';
import '../src/index';

/**
 * The functions' settings are firebase-functions params (src/lib/params.ts), so `firebase deploy`
 * asks for a missing one instead of deploying functions that cannot send mail.
 */
const src = fileURLToPath(new URL('../src/', import.meta.url));

function sources(dir = src): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    if (!/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) return [];
    return [
      {
        file: path.relative(src, full).split(path.sep).join('/'),
        text: readFileSync(full, 'utf8'),
      },
    ];
  });
}

/** What firebase-tools receives for a param (its wire spec: name, type, default as CEL). */
type Spec = { name: string; type: string; default?: unknown; input?: unknown };
const specOf = (param: unknown) => (param as { toSpec(): Spec }).toSpec();

describe('the functions’ settings', () => {
  it('are params with the defaults the guide gives, and none for the SMTP server', () => {
    const specs = Object.fromEntries(
      SETTINGS.map((param) => {
        const { name, type, default: value } = specOf(param);
        return [name, { type, default: value }];
      }),
    );
    expect(specs).toEqual({
      WEB_ORIGIN: { type: 'string', default: 'https://{{ params.PROJECT_ID }}.web.app' },
      SMTP_HOST: { type: 'string', default: undefined },
      SMTP_PORT: { type: 'int', default: 587 },
      SMTP_USER: { type: 'string', default: '' },
      MAIL_FROM: { type: 'string', default: `${BRAND.name} <no-reply@{{ params.SMTP_HOST }}>` },
      MAIL_CONTACT: { type: 'string', default: BRAND.supportEmail },
      MAIL_RETRY_DELAYS_MS: { type: 'string', default: MAIL_RETRY_DELAYS_MS.join(',') },
      FUNCTIONS_MAX_INSTANCES: { type: 'int', default: 10 },
    });
    // firebase deploy will not take an empty SMTP server.
    expect(specOf(SETTINGS[1]).input).toEqual({ text: { nonEmpty: true } });
  });

  it('have defaults that agree with what the code does when a value is missing', () => {
    const mail = resolveMailConfig({ SMTP_HOST: 'smtp.example.com' });
    expect(mail.port).toBe(specOf(SETTINGS[2]).default);
    expect(mail.from).toBe(`${BRAND.name} <no-reply@smtp.example.com>`);
    expect(contactAddress({})).toBe(specOf(SETTINGS[5]).default);
    expect(parseRetryDelays(String(specOf(SETTINGS[6]).default))).toEqual(MAIL_RETRY_DELAYS_MS);
    expect(resolveWebOrigin({ GCLOUD_PROJECT: 'acme-portal' })).toBe(
      String(specOf(SETTINGS[0]).default).replace('{{ params.PROJECT_ID }}', 'acme-portal'),
    );
  });

  it('are every variable the functions read, besides secrets, the platform’s and the local stack’s', () => {
    const read = new Set<string>();
    for (const { text } of sources()) {
      for (const match of text.matchAll(
        /\benv\??\.([A-Z][A-Z0-9_]+)\b|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
      ))
        read.add(match[1] ?? match[2]!);
    }
    const secrets = declaredParams
      .filter((param) => specOf(param).type === 'secret')
      .map((param) => specOf(param).name);
    expect(secrets.sort()).toEqual(['SMTP_PASSWORD', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    const settings = SETTINGS.map((param) => param.name);
    const known = new Set<string>([...settings, ...secrets, ...PLATFORM_ENV, ...LOCAL_STACK_ENV]);
    expect([...read].filter((name) => !known.has(name))).toEqual([]);
    // Every setting is one the code reads (FUNCTIONS_MAX_INSTANCES goes to setGlobalOptions).
    expect(settings.filter((name) => !read.has(name))).toEqual(['FUNCTIONS_MAX_INSTANCES']);
  });

  it('are declared in one module and read through it, never from process.env directly', () => {
    const files = sources();
    const declaring = files.filter(({ text }) =>
      /\bdefine(String|Int|Float|Boolean|List)\(/.test(text),
    );
    expect(declaring.map(({ file }) => file)).toEqual(['lib/params.ts']);
    const names = SETTINGS.map((param) => param.name).join('|');
    const direct = new RegExp(`process\\.env(\\.|\\[['"])(${names})\\b`);
    expect(files.filter(({ text }) => direct.test(text)).map(({ file }) => file)).toEqual([]);
    // process.env itself: the params' reader, and the emulator-only App Check debug token.
    expect(
      files
        .filter(({ text }) => /process\.env\b/.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
        .map(({ file }) => file)
        .sort(),
    ).toEqual(['lib/app-check.ts', 'lib/params.ts']);
    // Every param the functions declare is a setting or a secret.
    const declared = declaredParams.map((param) => specOf(param).name);
    expect(declared.filter((name) => !names.split('|').includes(name)).sort()).toEqual([
      'SMTP_PASSWORD',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });
});

describe('reading the settings at run time', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('takes each param’s value, and a test’s own environment when it gives one', () => {
    vi.stubEnv('SMTP_HOST', 'smtp.example.com');
    vi.stubEnv('SMTP_PORT', '465');
    vi.stubEnv('MAIL_CONTACT', 'help@example.com');
    expect(runtimeEnv()).toMatchObject({
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
      MAIL_CONTACT: 'help@example.com',
    });
    expect(resolveMailConfig(createContext().env)).toMatchObject({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
    });
    const own = { SMTP_HOST: 'mail.test', GCLOUD_PROJECT: 'acme-portal' };
    expect(createContext({ env: own }).env).toBe(own);
  });

  it('leaves an unset int to the code’s own default', () => {
    vi.stubEnv('SMTP_HOST', 'smtp.example.com');
    vi.stubEnv('SMTP_PORT', '');
    expect(resolveMailConfig(runtimeEnv()).port).toBe(587);
  });
});

describe('the local stack’s settings for the Functions emulator', () => {
  const settings = localFunctionsSettings({
    host: '127.0.0.1',
    smtpPort: 1025,
    webOrigin: 'http://localhost:5173',
  });

  it('give every param without a default a value (the emulator has no terminal to ask in)', () => {
    const required = SETTINGS.filter((param) => specOf(param).default === undefined);
    expect(required.map((param) => param.name)).toEqual(['SMTP_HOST']);
    for (const param of required) expect(settings[param.name], param.name).toBeTruthy();
  });

  it('are all params, so the emulator’s env folder holds them', () => {
    const names = new Set<string>(SETTINGS.map((param) => param.name));
    expect(Object.keys(settings).filter((key) => !names.has(key))).toEqual([]);
    expect(settings).toMatchObject({ SMTP_PORT: '1025', WEB_ORIGIN: 'http://localhost:5173' });
  });
});
