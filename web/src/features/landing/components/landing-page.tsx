import { useEffect } from 'react';
import { brand } from '@/config/brand';
import { HeroSection } from './hero-section';
import {
  GuaranteeSection,
  ProductsSection,
  ProfitSection,
  SeeInActionSection,
  TestimonialSection,
} from './marketing-sections';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import styles from './landing.module.css';

/**
 * The public landing page (docs/product.md#4-landing-page-). Plain semantic HTML and a CSS module:
 * no antd and no Firebase on this route, so a phone gets it fast. The newsletter form loads
 * Firebase only when submitted.
 */
export function LandingPage() {
  useEffect(() => {
    document.title = `${brand.name} | ${brand.tagline}`;
  }, []);

  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <HeroSection />
        <ProductsSection />
        <TestimonialSection />
        <ProfitSection />
        <SeeInActionSection />
        <GuaranteeSection />
      </main>
      <SiteFooter />
    </div>
  );
}
