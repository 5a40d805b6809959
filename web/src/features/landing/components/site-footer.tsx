import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { NewsletterForm } from './newsletter-form';
import { BrandLogo } from './site-header';
import styles from './landing.module.css';

/**
 * A footer entry either has a real destination or it does not exist yet (docs/product.md §4.4).
 * About Us, FAQ, Setup Guide and the legal pages have no page yet; a link that goes nowhere (`href="#"`)
 * would be announced as a link and do nothing, which is neither honest nor accessible. So those
 * render as plain text marked "soon" (also for screen readers), and keyboard focus only ever lands
 * on things that work. Contact Us opens an email to support and Wholesale leads to the
 * application, which are real destinations.
 */
type FooterItem = { label: string; to?: string; href?: string };

const GROUPS: { title: string; items: FooterItem[] }[] = [
  {
    title: 'Navigation',
    items: [
      { label: 'Home', to: paths.home },
      { label: 'Login', to: paths.login },
      { label: 'Create Account', to: paths.apply },
      { label: 'About Us' },
    ],
  },
  {
    title: 'Support',
    items: [
      { label: 'Contact Us', href: `mailto:${brand.supportEmail}` },
      { label: 'FAQ' },
      { label: 'Wholesale', to: paths.apply },
      { label: 'Setup Guide' },
    ],
  },
  {
    title: 'Legal',
    items: [
      { label: 'Privacy Policy' },
      { label: 'Terms of Service' },
      { label: 'Shipping Policy' },
      { label: 'Refund Policy' },
    ],
  },
];

function FooterEntry({ item }: { item: FooterItem }) {
  if (item.to) {
    return (
      <Link to={item.to} className={styles.footerLink}>
        {item.label}
      </Link>
    );
  }
  if (item.href) {
    return (
      <a href={item.href} className={styles.footerLink}>
        {item.label}
      </a>
    );
  }
  return (
    <span className={styles.footerPlain}>
      {item.label}
      <span className={styles.comingSoon}>(soon)</span>
    </span>
  );
}

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.container}>
        <div className={styles.footerGrid}>
          <div>
            <Link to={paths.home} className={styles.logo} aria-label={`${brand.name} home`}>
              <BrandLogo />
            </Link>
            <p className={styles.footerBlurb}>{brand.footer.blurb}</p>
            <h2 className={styles.footerHeading}>{brand.footer.newsletterHeading}</h2>
            <NewsletterForm />
          </div>
          {GROUPS.map((group) => (
            <nav key={group.title} aria-labelledby={`footer-${group.title}`}>
              <h2 id={`footer-${group.title}`} className={styles.footerHeading}>
                {group.title}
              </h2>
              <ul className={styles.footerList}>
                {group.items.map((item) => (
                  <li key={item.label}>
                    <FooterEntry item={item} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={styles.footerBottom}>
          <p style={{ margin: 0 }}>
            © {brand.copyrightYear} {brand.name} All rights reserved.
          </p>
          <p style={{ margin: 0 }}>{brand.partnerLocations} partner locations across California</p>
        </div>
      </div>
    </footer>
  );
}
