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

/**
 * The branded frame of the sign-in and payment-result pages (BrandFrame) with the antd theme
 * of their cards.
 */
export function BrandScreen({ children }: { children: ReactNode }) {
  return (
    <BrandFrame>
      <ConfigProvider theme={cardTheme}>{children}</ConfigProvider>
    </BrandFrame>
  );
}
