import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { BrandFrame } from './brand-frame';

/**
 * Inside the white cards on this frame: field and choice borders at 3:1 against white, and
 * hover/active shades of the primary button that keep white text at 4.5:1 (WCAG AA).
 */
const cardTheme: ThemeConfig = {
  token: { colorBorder: '#8f80bd', colorPrimaryHover: '#5b21b6', colorPrimaryActive: '#4c1d95' },
};

/** The antd theme of the white cards, for antd controls inside one. */
export function CardTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={cardTheme}>{children}</ConfigProvider>;
}

/**
 * The branded frame of the payment-result and newsletter pages (BrandFrame) with the antd
 * theme of their cards.
 */
export function BrandScreen({ children }: { children: ReactNode }) {
  return (
    <BrandFrame>
      <CardTheme>{children}</CardTheme>
    </BrandFrame>
  );
}
