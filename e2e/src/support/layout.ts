/**
 * Layout measured in the browser (the unit tests' DOM has no layout): tap target sizes,
 * horizontal overflow, text contrast, element boxes. The in-page code is written as string
 * expressions, as in a11y.ts: it runs in the page, not in Node.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * A function for locator.evaluate from its source (a string passed there would be evaluated as an
 * expression, not called with the element); Playwright sends its source text to the page.
 */
function inPage<T>(source: string): (el: Element) => T {
  return new Function(`return (${source});`)() as (el: Element) => T;
}

/** WCAG 2.5.5 (AAA) target size, which the portal meets on touch layouts. */
export const TAP_TARGET_MIN = 44;

/** What a control is called in a failure message: its accessible name, text or placeholder. */
const NAME_OF = `(el) => (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.getAttribute('title') || '').replace(/\\s+/g, ' ').trim().slice(0, 50)`;

/**
 * Every visible control on the page smaller than `min` x `min` CSS pixels, as
 * "<tag role> "name" WxH" lines (empty when all pass). A control is measured by the box a finger
 * hits: antd draws an input, select, radio or checkbox inside a wrapper (the whole wrapper, and a
 * radio's or checkbox's label, takes the tap), so the wrapper is measured instead; a plain radio
 * or checkbox inside its <label> is measured as the label, for the same reason.
 *
 * Exempt, as WCAG 2.5.5 allows: links laid out inline (`display: inline`) inside a paragraph or
 * list item whose text goes on around them ("contact support at support@…"), and a link with a
 * 44 px equivalent: another link on the page to the same address that passes (the portal
 * header's store name and its 44 px logo both open the store). Controls outside the page's width
 * (a skip link parked off screen until focused), hidden or 1-pixel (visually hidden) ones are not
 * measured.
 */
export async function smallTapTargets(page: Page, min = TAP_TARGET_MIN): Promise<string[]> {
  return page.evaluate(`(() => {
    const min = ${min};
    const nameOf = ${NAME_OF};
    const CONTROLS = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=menuitem], [role=checkbox], [role=radio], [role=switch], [role=combobox], [tabindex]:not([tabindex="-1"])';
    const HIT = '.text-input--affix, .segmented__item, .ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker, .ant-radio-wrapper, .ant-checkbox-wrapper, .ant-radio-button-wrapper, .ant-segmented-item, .ant-pagination-item, .ant-pagination-prev, .ant-pagination-next, .ant-pagination-jump-prev, .ant-pagination-jump-next';
    const inSentence = (el) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.closest('p, li, dd');
      if (!block) return false;
      return block.textContent.replace(/\\s+/g, '').length > el.textContent.replace(/\\s+/g, '').length;
    };
    const seen = new Set();
    const measured = [];
    for (const el of document.querySelectorAll(CONTROLS)) {
      // A plain radio or checkbox inside its label: the whole label takes the tap.
      const inLabel = el.tagName === 'INPUT' && (el.type === 'radio' || el.type === 'checkbox') ? el.closest('label') : null;
      const target = el.closest(HIT) || inLabel || el;
      if (seen.has(target)) continue;
      seen.add(target);
      const style = getComputedStyle(target);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (target.closest('[aria-hidden="true"], [inert]')) continue;
      const box = target.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right <= 0 || box.left >= document.documentElement.clientWidth) continue;
      if (inSentence(el)) continue;
      measured.push({ el, box, ok: box.width + 0.5 >= min && box.height + 0.5 >= min });
    }
    const passingHrefs = new Set(measured.filter((m) => m.ok && m.el.tagName === 'A').map((m) => m.el.href));
    const small = [];
    for (const { el, box, ok } of measured) {
      if (ok || (el.tagName === 'A' && passingHrefs.has(el.href))) continue;
      const role = el.getAttribute('role');
      small.push(el.tagName.toLowerCase() + (role ? ' ' + role : '') + ' "' + nameOf(el) + '" ' + Math.round(box.width) + 'x' + Math.round(box.height));
    }
    return small;
  })()`) as Promise<string[]>;
}

/**
 * Page-side source of a promise that settles once the page's finite CSS transitions and
 * animations have reached their end: each is finished at once (`Animation.finish()`, as
 * Playwright's screenshots do), frame after frame while finishing one starts the next (antd's
 * motion runs in phases), for at most `maxMs`. Infinite ones (a spinner) are left running.
 * Waiting for them to run out instead cost up to `maxMs` on every look: antd's click wave fades
 * for 2 s, a button's focus ring eases in over 0.2 s.
 */
export function transitionsDoneSource(maxMs: number): string {
  return `(async () => {
    const deadline = performance.now() + ${maxMs};
    for (;;) {
      const running = document.getAnimations().filter((a) => a.playState !== 'finished'
        && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
      if (running.length === 0) return;
      for (const animation of running) {
        try { animation.finish(); } catch { /* cancelled meanwhile */ }
      }
      if (performance.now() > deadline) return;
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    }
  })()`;
}

/**
 * Brings the page's finite CSS transitions and animations to their end (at most 2 s of frames):
 * after a resize the touch layout's controls ease from one size to the other, and a box measured
 * halfway is neither; a dialog or toast fading in is measured at its final colours, not half
 * transparent.
 */
export async function transitionsDone(page: Page, maxMs = 2000): Promise<void> {
  await page.evaluate(transitionsDoneSource(maxMs));
}

/** The page's scroll width and client width: wider content scrolls sideways. */
export async function horizontalOverflow(
  page: Page,
): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(
    `({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })`,
  ) as Promise<{ scrollWidth: number; clientWidth: number }>;
}

/**
 * The WCAG contrast ratio of the element's text colour against the first solid background
 * behind it (its own or an ancestor's background-color; a gradient or image in between makes
 * the answer unknowable, and this throws). Both colours are blended over white as drawn.
 */
export async function textContrast(locator: Locator): Promise<number> {
  return locator.first().evaluate(
    inPage<number>(`(el) => {
    const parse = (text) => {
      const m = /rgba?\\(([^)]+)\\)/.exec(text);
      if (!m) throw new Error('unreadable colour ' + text);
      const [r, g, b, a = '1'] = m[1].split(/[ ,/]+/).filter(Boolean);
      return { r: Number(r), g: Number(g), b: Number(b), a: Number(a) };
    };
    const over = (top, under) => ({
      r: top.r * top.a + under.r * (1 - top.a),
      g: top.g * top.a + under.g * (1 - top.a),
      b: top.b * top.a + under.b * (1 - top.a),
      a: 1,
    });
    let background = null;
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none') throw new Error('a background image behind the text');
      const colour = parse(style.backgroundColor);
      if (colour.a > 0) {
        background = background ? over(background, colour) : colour;
        if (background.a >= 1 || colour.a >= 1) break;
      }
    }
    const white = { r: 255, g: 255, b: 255, a: 1 };
    const back = over(background || white, white);
    const text = over(parse(getComputedStyle(el).color), back);
    const lum = (c) => {
      const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
      return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
    };
    const [hi, lo] = [lum(text), lum(back)].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  }`),
  );
}

/** The element's box in CSS pixels (throws when it is not rendered). */
export async function boxOf(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.first().boundingBox();
  if (!box) throw new Error(`${String(locator)} is not rendered`);
  return box;
}

/** How many lines the element's text is laid out on (its text's line boxes, padding aside). */
export async function lineCount(locator: Locator): Promise<number> {
  return locator.first().evaluate(
    inPage<number>(`(el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  }`),
  );
}

/**
 * Controls that crowd each other or spill out, inside every element matching `rootSelector`
 * (each card of a list, say): two buttons or links on the same row less than `minGap` px apart
 * (or overlapping), and any control running past its root's edges. Empty when none.
 */
export async function crowdedControls(
  page: Page,
  rootSelector: string,
  minGap = 8,
): Promise<string[]> {
  return page.evaluate(`(() => {
    const minGap = ${minGap};
    const nameOf = ${NAME_OF};
    const problems = [];
    for (const root of document.querySelectorAll(${JSON.stringify(rootSelector)})) {
      const rootBox = root.getBoundingClientRect();
      if (rootBox.width === 0) continue;
      const where = nameOf(root).slice(0, 30);
      const controls = [...root.querySelectorAll('button, a[href]')]
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 1 && box.height > 1);
      for (const { el, box } of controls) {
        if (box.left < rootBox.left - 0.5 || box.right > rootBox.right + 0.5) {
          problems.push('in "' + where + '": "' + nameOf(el) + '" runs past its edge');
        }
      }
      for (let i = 0; i < controls.length; i++) {
        for (let k = i + 1; k < controls.length; k++) {
          const a = controls[i].box;
          const b = controls[k].box;
          if (controls[i].el.contains(controls[k].el) || controls[k].el.contains(controls[i].el)) continue;
          const sameRow = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
          if (!sameRow) continue;
          const gap = Math.max(b.left - a.right, a.left - b.right);
          if (gap < minGap - 0.5) {
            problems.push('in "' + where + '": "' + nameOf(controls[i].el) + '" and "' + nameOf(controls[k].el) + '" are ' + Math.round(gap) + ' px apart');
          }
        }
      }
    }
    return problems;
  })()`) as Promise<string[]>;
}

/**
 * The focus indicator the element draws now: its outline's style and width, and the contrast of
 * the outline's colour with the solid background behind the element (as textContrast finds it).
 */
export async function focusRing(
  locator: Locator,
): Promise<{ style: string; width: number; contrast: number }> {
  return locator.first().evaluate(
    inPage<{ style: string; width: number; contrast: number }>(`(el) => {
    const parse = (text) => {
      const m = /rgba?\\(([^)]+)\\)/.exec(text);
      if (!m) throw new Error('unreadable colour ' + text);
      const [r, g, b, a = '1'] = m[1].split(/[ ,/]+/).filter(Boolean);
      return { r: Number(r), g: Number(g), b: Number(b), a: Number(a) };
    };
    const lum = (c) => {
      const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
      return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
    };
    let back = { r: 255, g: 255, b: 255, a: 1 };
    for (let node = el.parentElement; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour.a >= 1) { back = colour; break; }
    }
    const style = getComputedStyle(el);
    const ring = parse(style.outlineColor);
    const [hi, lo] = [lum(ring), lum(back)].sort((a, b) => b - a);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) || 0, contrast: (hi + 0.05) / (lo + 0.05) };
  }`),
  );
}

/** The longest CSS transition or animation duration of the element, in milliseconds. */
export async function longestMotionMs(locator: Locator): Promise<number> {
  return locator.first().evaluate(
    inPage<number>(`(el) => {
    const style = getComputedStyle(el);
    const ms = (list) => list.split(',').map((t) => (t.trim().endsWith('ms') ? parseFloat(t) : parseFloat(t) * 1000));
    return Math.max(0, ...ms(style.transitionDuration), ...ms(style.animationDuration));
  }`),
  );
}
