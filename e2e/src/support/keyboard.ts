/**
 * A person who only uses the keyboard: Tab (or Shift+Tab) until a control has the focus, and at
 * every stop on the way the focus must be visible (INSPECT_FOCUS runs in the page).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { transitionsDoneSource } from './layout';

/** Where the focus is now, and whether a person can see it. */
export interface FocusStop {
  /** `<tag role> "name"`, or `body` when nothing has the focus. */
  name: string;
  /** The focused element is (or is inside) the target. */
  hit: boolean;
  /** An outline or a ring shows on the element, its antd wrapper or its drawn box (radio, checkbox). */
  visible: boolean;
  /** The outline and box-shadow of each element looked at, for a failure message. */
  styles: string;
}

/**
 * Reads the focused element, in the page; `target` (or null) is the element looked for. Plain
 * JavaScript source: it runs in the page, not in Node.
 *
 * Visible means: an outline (style not `none`, width > 0) or a ring (a box-shadow with a spread,
 * not fully transparent: antd's focus ring `0 0 0 2px`, not a button's resting `0 2px 0` drop
 * shadow) on the focused element; on an antd wrapper around it (up to 5 levels: an input inside
 * `.ant-input-affix-wrapper` or `.text-input--affix`, a select's search input inside `.ant-select`,
 * a dashboard filter's select inside `.table-toolbar__select`); or on a sibling drawn
 * in its place (`.ant-radio-inner`, `.ant-checkbox-inner` next to the real, invisible input).
 */
const INSPECT_FOCUS = `
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) {
    return { name: 'body', hit: false, visible: false, styles: '' };
  }
  const text = (node) => ((node && node.textContent) || '').replace(/\\s+/g, ' ').trim();
  const labelled = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean)
    .map((id) => text(document.getElementById(id))).join(' ');
  const label = el.labels && el.labels.length > 0 ? text(el.labels[0]) : '';
  const name = (el.getAttribute('aria-label') || labelled || label || el.getAttribute('placeholder')
    || text(el) || el.getAttribute('title') || el.id || '').slice(0, 60);
  const role = el.getAttribute('role') || (el.tagName === 'INPUT' ? el.type : '');
  const classOf = (node) => (typeof node.className === 'string' ? node.className.trim() : '');
  const describe = (node) => node.tagName.toLowerCase()
    + (classOf(node) ? '.' + classOf(node).split(/\\s+/).slice(0, 2).join('.') : '');
  const candidates = [el];
  let up = el.parentElement;
  for (let depth = 0; up && up !== document.body && depth < 5; depth += 1, up = up.parentElement) {
    if (/\\b(ant-(input|select|picker|radio|checkbox|switch|segmented|tabs-tab|pagination|btn|input-number)|text-input--affix|table-toolbar__select|segmented__item)/.test(classOf(up))) candidates.push(up);
  }
  for (const sibling of Array.from(el.parentElement ? el.parentElement.children : [])) {
    if (sibling !== el && /-inner\\b/.test(classOf(sibling))) candidates.push(sibling);
  }
  // "rgba(5, 145, 255, 0.1) 0px 0px 0px 2px, ...": a shadow with a spread is a ring.
  const ring = (shadow) => shadow !== 'none' && shadow.split(/,(?![^(]*\\))/).some((part) => {
    const alpha = /rgba\\([^)]*,\\s*([\\d.]+)\\)/.exec(part);
    if (alpha && Number(alpha[1]) === 0) return false;
    const lengths = part.replace(/rgba?\\([^)]*\\)/, '').match(/-?[\\d.]+px/g) || [];
    return lengths.length >= 4 && Math.abs(parseFloat(lengths[3])) > 0;
  });
  const styles = [];
  let visible = false;
  for (const node of candidates) {
    const style = getComputedStyle(node);
    if ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || ring(style.boxShadow)) visible = true;
    styles.push(describe(node) + ' outline: ' + style.outlineStyle + ' ' + style.outlineWidth + ', box-shadow: ' + style.boxShadow);
  }
  return {
    name: el.tagName.toLowerCase() + (role ? ' ' + role : '') + ' "' + name + '"',
    hit: !!target && (target === el || target.contains(el)),
    visible,
    styles: styles.join('; '),
  };
`;
// A function made from source text, so the test runner's transform cannot add helpers to it
// (Playwright sends its text to the page).
// First brings the page's finite transitions to their end (support/layout.ts): antd animates a
// field's focus outline from 0 px, so a look taken the instant the focus lands could see no ring
// yet.
const inspectFocus = new Function(
  'target',
  `return ${transitionsDoneSource(1000)}.then(() => { ${INSPECT_FOCUS} });`,
) as (target: unknown) => Promise<FocusStop>;

/** Where the focus is now. */
export async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(inspectFocus, null);
}

/** Fails naming the focused element when the focus cannot be seen. */
export function expectVisible(stop: FocusStop): void {
  if (stop.name === 'body') return;
  if (!stop.visible) throw new Error(`The focus is not visible on ${stop.name} (${stop.styles})`);
}

async function stopAt(page: Page, target: Locator | string | RegExp): Promise<FocusStop> {
  if (typeof target === 'string' || target instanceof RegExp) {
    // By name: the stop's accessible name (aria-label, label, text) matches.
    const stop = await focusStop(page);
    const quoted = /"(.*)"$/.exec(stop.name)?.[1] ?? '';
    const hit = typeof target === 'string' ? quoted === target : target.test(quoted);
    return { ...stop, hit };
  }
  // The target itself, or an element inside it (a link wrapping its text), has the focus.
  return target.evaluate(inspectFocus);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus: a locator, or the accessible
 * name of the element. Every stop on the way must show its focus; when `max` presses do not
 * reach the target, fails listing the stops visited. Returns how many presses it took.
 */
export async function tabTo(
  page: Page,
  target: Locator | string | RegExp,
  { max = 40, back = false }: { max?: number; back?: boolean } = {},
): Promise<number> {
  const what =
    typeof target === 'string' || target instanceof RegExp ? String(target) : target.toString();
  if (typeof target !== 'string' && !(target instanceof RegExp))
    await target.waitFor({ state: 'visible' });
  const visited: string[] = [];
  for (let presses = 0; ; presses += 1) {
    const stop = await stopAt(page, target);
    if (presses > 0) {
      visited.push(stop.name);
      expectVisible(stop);
    }
    if (stop.hit) {
      expectVisible(stop);
      return presses;
    }
    if (presses >= max) {
      throw new Error(
        `${back ? 'Shift+Tab' : 'Tab'} did not reach ${what} in ${max} presses; visited:\n  ${visited.join('\n  ')}`,
      );
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
}

/** Tabs to a text field and types into it, replacing what it held. */
export async function typeInto(
  page: Page,
  field: Locator,
  text: string,
  max?: number,
): Promise<void> {
  await tabTo(page, field, { max });
  await page.keyboard.press('ControlOrMeta+A');
  if (text === '') await page.keyboard.press('Delete');
  else await page.keyboard.type(text);
  await expect.poll(() => field.inputValue()).toBe(text);
}

/** The focused element is (or is inside) `target`. */
export async function hasFocus(target: Locator): Promise<boolean> {
  return (await target.evaluate(inspectFocus)).hit;
}

/**
 * Presses Tab `presses` times (and Shift+Tab as many) inside an open dialog: no element of the
 * page behind it ever gets the focus. Past its last control the focus may leave the page for the
 * browser's own controls (antd's Modal, like a native modal dialog, lets it: `body` here), but
 * the next press brings it back into the dialog. Returns the stops seen.
 */
export async function expectFocusTrapped(
  page: Page,
  dialog: Locator,
  presses = 12,
): Promise<string[]> {
  const seen: string[] = [];
  let inDialog = 0;
  for (const key of ['Tab', 'Shift+Tab']) {
    let outOfPage = false;
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      const stop = await focusStop(page);
      seen.push(stop.name);
      if (stop.name === 'body' && !outOfPage) {
        outOfPage = true;
        continue;
      }
      if (!(await hasFocus(dialog))) {
        throw new Error(
          `${key} left the dialog after ${i + 1} presses, at ${stop.name}; stops: ${seen.join(', ')}`,
        );
      }
      outOfPage = false;
      inDialog += 1;
      expectVisible(stop);
    }
  }
  if (inDialog === 0)
    throw new Error(`Tab never reached a control of the dialog; stops: ${seen.join(', ')}`);
  return seen;
}
