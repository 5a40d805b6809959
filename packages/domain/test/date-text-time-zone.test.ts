/**
 * dateText (src/date-text.ts) in a time zone with daylight saving. A process reads the device's
 * time zone once, so the check runs in a child process whose TZ is America/Los_Angeles; the
 * domain's own tests run in the machine's time zone (often UTC) and in UTC.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('writes as Intl does in a time zone with daylight saving (Los Angeles, a process of its own)', () => {
  // The device's time zone is read once per process: the check runs in a child whose TZ is set.
  const tsx = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));
  const module = fileURLToPath(new URL('../src/date-text.ts', import.meta.url));
  const script = `(async () => {
    const { DATE_TEXT_OPTIONS, dateText } = await import(${JSON.stringify(module)});
    const wrong = [];
    const hours = [];
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2028, 0, 1); day += 3_600_000 * 7) hours.push(day);
    for (const options of DATE_TEXT_OPTIONS) {
      const write = dateText(options, () => 'outside');
      const format = new Intl.DateTimeFormat('en-US', options);
      for (const time of hours) if (write(time) !== format.format(time)) wrong.push([options, time]);
    }
    console.log(JSON.stringify({ zone: Intl.DateTimeFormat().resolvedOptions().timeZone, checked: hours.length, wrong: wrong.slice(0, 5) }));
  })();`;
  const output = execFileSync(process.execPath, [tsx, '--eval', script], {
    env: { ...process.env, TZ: 'America/Los_Angeles' },
    encoding: 'utf8',
  });
  const result = JSON.parse(output.trim().split('\n').at(-1)!) as {
    zone: string;
    checked: number;
    wrong: unknown[];
  };
  expect(result.zone).toBe('America/Los_Angeles');
  expect(result.checked).toBeGreaterThan(5000);
  expect(result.wrong).toEqual([]);
}, 30_000);
