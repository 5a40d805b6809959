import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { CloseIcon, LogoMark, MenuIcon } from './icons';
import styles from './landing.module.css';

const NAV = [
  { to: paths.home, label: 'Home' },
  { to: paths.apply, label: 'Create Account' },
  { to: paths.login, label: 'Login' },
] as const;

export function BrandLogo() {
  const [first, ...rest] = brand.shortName.split(' ');
  return (
    <>
      <LogoMark className={styles.logoMark} />
      <span>
        {first} <span className={styles.logoAccent}>{rest.join(' ')}</span>
      </span>
    </>
  );
}

/**
 * Fixed top bar. Medium screens and wider show Home / Create Account / Login; phones get a
 * disclosure menu button (aria-expanded + aria-controls) that closes on Escape, on choosing a
 * link, and when focus leaves it, and hands focus back to the button on Escape.
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    menuRef.current?.querySelector('a')?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const links = (onChoose?: () => void) => (
    <ul className={styles.navList}>
      {NAV.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className={item.to === paths.login ? styles.button : styles.buttonNav}
            aria-current={item.to === paths.home ? 'page' : undefined}
            onClick={onChoose}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );

  return (
    <header className={styles.topBar}>
      <div className={`${styles.container} ${styles.topBarInner}`}>
        <Link to={paths.home} className={styles.logo} aria-label={`${brand.name} home`}>
          <BrandLogo />
        </Link>
        <nav className={styles.desktopNav} aria-label="Main">
          {links()}
        </nav>
        <button
          ref={buttonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
          Menu
        </button>
      </div>
      {/* Phone menu: its own nav landmark so it reads the same as the wide-screen one. */}
      <div
        ref={menuRef}
        id={menuId}
        className={styles.mobileMenu}
        hidden={!open}
        onBlur={(event) => {
          const next = event.relatedTarget as Node | null;
          if (next && !menuRef.current?.contains(next) && next !== buttonRef.current)
            setOpen(false);
        }}
      >
        <nav aria-label="Main menu">{links(() => setOpen(false))}</nav>
      </div>
    </header>
  );
}
