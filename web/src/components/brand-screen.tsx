import { ThunderboltFilled } from '@ant-design/icons';
import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import './brand-screen.css';

/**
 * Inside the white cards on this frame: field and choice borders at 3:1 against white, and
 * hover/active shades of the primary button that keep white text at 4.5:1 (WCAG AA).
 */
const cardTheme: ThemeConfig = {
  token: { colorBorder: '#8f80bd', colorPrimaryHover: '#5b21b6', colorPrimaryActive: '#4c1d95' },
};

/**
 * The branded frame of the sign-in and payment-result pages: the brand (linking home) over a
 * night-purple background, and the page's card(s) centred in <main>.
 */
export function BrandScreen({ children }: { children: ReactNode }) {
  return (
    <div className="brand-screen">
      <header className="brand-screen__header">
        <Link to={paths.home} className="brand-screen__link">
          <span className="brand-screen__mark" aria-hidden="true">
            <ThunderboltFilled />
          </span>
          <span className="brand-screen__name">{brand.name}</span>
        </Link>
      </header>
      <ConfigProvider theme={cardTheme}>
        <main className="brand-screen__main">{children}</main>
      </ConfigProvider>
    </div>
  );
}
