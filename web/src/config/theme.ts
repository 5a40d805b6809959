import type { ThemeConfig } from 'antd';

/**
 * Text colours are WCAG AA (4.5:1 or more) on white and on the page background (#f7f5fc); the
 * e2e journeys check every screen with axe (docs/testing.md). antd's defaults are not: its
 * grey secondary text, placeholders, red and the light status and tag colours read at 2-3.4:1.
 */
export const theme: ThemeConfig = {
  cssVar: { key: 'portal' },
  token: {
    colorPrimary: '#6d28d9',
    colorInfo: '#6d28d9',
    colorLink: '#6d28d9',
    // A link under the pointer goes darker (8.9:1 on white), not lighter: antd's hover violet
    // (#b079f2) reads at 3.1:1.
    colorLinkHover: '#5b21b6',
    // Secondary text (Typography secondary, statistic titles, descriptions, result subtitles,
    // icons): a violet grey at 5.5:1 on white, 5.1:1 on the page (antd: black at 45%, 3.4:1).
    colorTextTertiary: '#6b6580',
    colorTextDescription: '#6b6580',
    // Placeholders (a Select's is text on the page): 4.75:1 on white (antd: black at 25%).
    colorTextPlaceholder: '#757087',
    // Danger buttons, form errors, error tags: red 5.6:1 on white, white 5.6:1 on it; hover and
    // pressed go darker, not lighter (antd: #ff4d4f, 3.3:1, lighter on hover).
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    borderRadius: 10,
    fontFamily:
      "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    // An empty table's message ("No deliveries in the next 14 days."), which antd draws in its
    // disabled grey (1.8:1): the secondary text colour.
    Table: { colorTextDisabled: '#6b6580' },
    // The orange count badges (pending applications): white on antd's orange-8 instead of
    // orange-6 (5.4:1, not 2.4:1). The cart's count badge is red: colorError.
    Badge: { orange6: '#ad4e00' },
    // A tag's text on its own light background: the status tags (success, warning) take their
    // text from these colours, the preset colours (green, cyan, gold...) from shade 7 of their
    // palette, which antd leaves at 2-3.4:1 for the light hues. Each is shade 8 or 9 of the same
    // hue's palette, 5:1 or more on the tag; backgrounds and borders stay antd's.
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#874d00',
      green7: '#237804',
      cyan7: '#006d75',
      gold7: '#874d00',
      orange7: '#ad4e00',
      yellow7: '#876800',
      lime7: '#3f6600',
      volcano7: '#ad2102',
    },
  },
};

/**
 * Touch layouts (a coarse pointer or a phone-width screen, lib/use-media-query.ts): every antd
 * control at least 44 px tall, small and large ones included (WCAG 2.5.5); icon-only buttons are
 * square, so 44 x 44. Segmented draws its items 2 px inside the control height on each side.
 */
export const touchTheme: ThemeConfig = {
  token: { controlHeight: 44, controlHeightSM: 44, controlHeightLG: 48 },
  components: { Segmented: { controlHeight: 48, controlHeightSM: 48, controlHeightLG: 52 } },
};
