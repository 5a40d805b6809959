import type { ThemeConfig } from 'antd';

/**
 * Brand theme: deep night purple with electric violet and cyan accents. Colour pairs were
 * chosen for WCAG AA contrast (text on surfaces >= 4.5:1).
 */
export const brandColors = {
  night: '#0b0620',
  surface: '#150c33',
  violet: '#7c3aed',
  violetLight: '#a78bfa',
  cyan: '#22d3ee',
  lime: '#a3e635',
  text: '#f5f3ff',
  muted: '#c4b5fd',
} as const;

export const theme: ThemeConfig = {
  cssVar: { key: 'portal' },
  token: {
    colorPrimary: '#6d28d9',
    colorInfo: '#6d28d9',
    colorLink: '#6d28d9',
    borderRadius: 10,
    fontFamily:
      "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};
