// @vitest-environment node
/**
 * The web app and the domain package make their Intl formatters on first use
 * (src/lib/intl-formats.ts); eslint.config.js
 * refuses one made when a module loads, where the page's first one loads ICU's data inside the
 * task that evaluates the page's modules. Nor do they collate: names are put in order by the
 * domain's compareText, so no page loads ICU's collation data. This holds the repository's own
 * ESLint config to both.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function problems(code: string, file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.line}: ${m.message}`);
}

it('refuses an Intl formatter made at a module’s top level in the web app, exported or not', async () => {
  const code = [
    "export const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });",
    "const money = new Intl.NumberFormat('en-US');",
    'export function label(n: number): string {',
    "  return money.format(n) + new Intl.DateTimeFormat('en-US').format(n);",
    '}',
    '',
  ].join('\n');
  const found = await problems(code, 'web/src/features/shop/components/made-up.ts');
  expect(found).toHaveLength(2);
  expect(found[0]).toMatch(/^1: Not when the module loads: make it on first use/);
  expect(found[1]).toMatch(/^2: /);
  // The domain package, which every page of the web app imports, is held to it too.
  expect(await problems(code, 'packages/domain/src/made-up.ts')).toHaveLength(2);
  // Made inside a function, or in a test, it is fine.
  expect(await problems(code, 'web/src/features/shop/components/made-up.test.ts')).toEqual([]);
  expect(
    await problems(
      "import { dateFormatter } from '@/lib/intl-formats';\nexport const moment = dateFormatter({ dateStyle: 'medium', timeStyle: 'short' });\n",
      'web/src/features/shop/components/made-up.ts',
    ),
  ).toEqual([]);
}, 60_000);

it("refuses a day in the device's time zone: a day is the business's", async () => {
  const code = [
    "import { dateFormatter } from '@/lib/intl-formats';",
    "export const day = dateFormatter({ dateStyle: 'medium' });",
    "export const long = dateFormatter({ year: 'numeric', month: 'short', day: 'numeric' });",
    "export const moment = dateFormatter({ dateStyle: 'medium', timeStyle: 'short' });",
    "export const clock = dateFormatter({ month: 'short', day: 'numeric', hour: 'numeric' });",
    "export const utcDay = dateFormatter({ dateStyle: 'medium', timeZone: 'UTC' });",
    '',
  ].join('\n');
  const found = await problems(code, 'web/src/features/shop/components/made-up.ts');
  expect(found.map((line) => line.split(':')[0])).toEqual(['2', '3']);
  expect(found[0]).toMatch(/^2: A day is the business's: businessDayFormat/);
  // Nor the device's calendar read field by field; a calendar day's UTC fields are fine.
  const fields = [
    'export const name = (at: Date) =>',
    '  `${at.getFullYear()}-${at.getMonth() + 1}-${at.getDate()}`;',
    'export const utc = (day: Date) => day.getUTCDate() + day.getUTCMonth();',
    '',
  ].join('\n');
  expect(
    (await problems(fields, 'web/src/features/shop/components/made-up.ts')).map(
      (line) => line.split(':')[0],
    ),
  ).toEqual(['2', '2', '2']);
}, 60_000);

it('refuses one made when the module loads in any other form, and none made later', async () => {
  const atLoad = [
    "export default new Intl.DateTimeFormat('en-US');",
    "const formats = { day: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }) };",
    "const plain = Intl.NumberFormat('en-US');",
    "class Money { static format = new Intl.NumberFormat('en-US'); }",
    'export { formats, plain, Money };',
    '',
  ].join('\n');
  const found = await problems(atLoad, 'web/src/features/shop/components/made-up.ts');
  expect(found.map((line) => line.split(':')[0])).toEqual(['1', '2', '3', '4']);

  const later = [
    "export const day = () => new Intl.DateTimeFormat('en-US');",
    "export function money(locale = 'en-US', f = new Intl.NumberFormat(locale)) { return f; }",
    "export class Clock { now = new Intl.DateTimeFormat('en-US'); show() { return Intl.DateTimeFormat('en-US'); } }",
    "export const locales = Intl.DateTimeFormat.supportedLocalesOf(['en-US']);",
    "export const canonical = Intl.getCanonicalLocales('EN-us');",
    '',
  ].join('\n');
  expect(await problems(later, 'web/src/features/shop/components/made-up.ts')).toEqual([]);
}, 60_000);

it('refuses a collator anywhere in the app, and leaves the domain’s text order alone', async () => {
  const code = [
    'export function byName(a: { name: string }, b: { name: string }): number {',
    "  return a.name.localeCompare(b.name, 'en', { numeric: true });",
    '}',
    "export const sortNames = (names: string[]) => names.sort(new Intl.Collator('en').compare);",
    "export const plainCollator = () => Intl.Collator('en');",
    '',
  ].join('\n');
  const found = await problems(code, 'web/src/entities/made-up/api.ts');
  expect(found.map((line) => line.split(':')[0])).toEqual(['2', '4', '5']);
  expect(found[0]).toMatch(/No collator in the app: compareText \(names\)/);
  expect(await problems(code, 'packages/domain/src/made-up.ts')).toHaveLength(3);
  expect(await problems(code, 'web/src/entities/made-up/api.test.ts')).toEqual([]);
  const ordered = [
    "import { compareText } from '@portal/domain';",
    'export const sortNames = (names: string[]) => [...names].sort(compareText);',
    '',
  ].join('\n');
  expect(await problems(ordered, 'web/src/entities/made-up/api.ts')).toEqual([]);
}, 60_000);
