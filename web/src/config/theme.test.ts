import { readFileSync } from 'node:fs';
import path from 'node:path';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** WCAG 2.x contrast ratio of two opaque #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const token = antdTheme.getDesignToken(theme);
const WHITE = '#ffffff';
const PAGE = '#f7f5fc';

describe('theme: text contrast (WCAG AA, 4.5:1)', () => {
  it('secondary text, descriptions and placeholders read on white and on the page', () => {
    for (const key of ['colorTextTertiary', 'colorTextDescription'] as const) {
      expect(contrast(token[key], WHITE), key).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token[key], PAGE), key).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(token.colorTextPlaceholder, WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('red text on white, white on red buttons, hovered or pressed too, and error tags', () => {
    for (const red of [token.colorError, token.colorErrorHover, token.colorErrorActive]) {
      expect(contrast(red, WHITE), red).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(token.colorError, token.colorErrorBg)).toBeGreaterThanOrEqual(4.5);
  });

  it("tags' text on their own backgrounds, and the orange badge", () => {
    const tag = theme.components?.Tag ?? {};
    expect(contrast(tag.colorSuccess!, token.colorSuccessBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tag.colorWarning!, token.colorWarningBg)).toBeGreaterThanOrEqual(4.5);
    const presets = ['green', 'cyan', 'gold', 'orange', 'yellow', 'lime', 'volcano'] as const;
    for (const hue of presets) {
      const text = tag[`${hue}7`] ?? token[`${hue}7`];
      expect(contrast(text, token[`${hue}1`]), hue).toBeGreaterThanOrEqual(4.5);
    }
    // The presets antd's defaults already pass (nothing to set for them).
    for (const hue of ['blue', 'purple', 'magenta', 'red', 'geekblue'] as const) {
      expect(contrast(token[`${hue}7`], token[`${hue}1`]), hue).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(WHITE, theme.components?.Badge?.orange6 ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it("an empty table's message", () => {
    expect(
      contrast(theme.components?.Table?.colorTextDisabled ?? '', WHITE),
    ).toBeGreaterThanOrEqual(4.5);
  });
});

describe('theme: links, under the pointer and pressed too', () => {
  it("antd's links read on white and on the page", () => {
    for (const key of ['colorLink', 'colorLinkHover', 'colorLinkActive'] as const) {
      expect(contrast(token[key], WHITE), key).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token[key], PAGE), key).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("the plain elements' links and link buttons take the theme's colours", () => {
    const read = (file: string) => readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');
    const uiRoot = read('styles/ui-root.css');
    const button = read('components/button.css');
    const colourOf = (css: string, selector: string) => {
      const at = css.indexOf(`${selector} {`);
      expect(at, selector).toBeGreaterThanOrEqual(0);
      return /color:\s*(#[0-9a-f]{6})/i.exec(css.slice(at))?.[1]?.toLowerCase();
    };
    expect(colourOf(uiRoot, ':where(.ui-root) a:hover')).toBe(token.colorLinkHover);
    expect(colourOf(button, '.button--link:not(:disabled):hover')).toBe(token.colorLinkHover);
    expect(colourOf(uiRoot, ':where(.ui-root) a')).toBe(token.colorLink);
  });
});
