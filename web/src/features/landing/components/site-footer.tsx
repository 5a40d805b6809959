import { POLICY_PAGES, routePath, telHref } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { fetchSupportContact } from '@/lib/site-content';
import { NewsletterForm } from './newsletter-form';
import { BrandLogo } from './site-header';
import styles from './landing.module.css';

/**
 * A footer entry either has a real destination or it does not exist yet
 * (docs/product.md#44-footer). About Us, FAQ and Setup Guide have no page yet; a link that goes
 * nowhere (`href="#"`) would be announced as a link and do nothing, which is neither honest nor
 * accessible. So those render as plain text marked "soon" (also for screen readers), and keyboard
 * focus only ever lands on things that work. The legal links open the policy pages (/legal/:page,
 * text a manager edits), Contact Us opens an email to support (the address a manager set, else the
 * brand's) and Wholesale leads to the application. The support phone a manager set is listed under
 * Support; unset, nothing is.
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
    items: POLICY_PAGES.map((page) => ({
      label: page.title,
      to: routePath('policy', { page: page.slug }),
    })),
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

/** The support contact a manager set, read after the page has drawn; unset until then. */
function useSupportContact() {
  const [contact, setContact] = useState({ phone: '', email: '' });
  useEffect(() => {
    const controller = new AbortController();
    void fetchSupportContact(controller.signal).then(setContact);
    return () => controller.abort();
  }, []);
  return contact;
}

export function SiteFooter() {
  const support = useSupportContact();
  const groups = GROUPS.map((group) =>
    group.title === 'Support'
      ? {
          ...group,
          items: [
            ...group.items.map((item) =>
              item.label === 'Contact Us' && support.email
                ? { ...item, href: `mailto:${support.email}` }
                : item,
            ),
            ...(support.phone
              ? [{ label: `Call ${support.phone}`, href: telHref(support.phone) }]
              : []),
          ],
        }
      : group,
  );
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
          {groups.map((group) => (
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
