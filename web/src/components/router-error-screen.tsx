import type { CSSProperties } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BRAND } from '@portal/domain';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/*
 * Inline styles on purpose: this screen is in the root bundle, which the landing page loads too,
 * so it brings no antd, no icon font and no stylesheet; the styles cost nothing until it shows.
 * The same look as the branded frame of components/brand-screen.css: night purple, a white card,
 * text at AA contrast (#1f1140 and #4c3d73 on white: 16:1 and 9:1), and nothing wider than the
 * screen (a long message, say a module's URL, breaks anywhere).
 */
const styles = {
  screen: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    paddingBottom: 40,
    color: '#f5f3ff',
    background: 'linear-gradient(160deg, #0b0620 0%, #150c33 55%, #1d0f4a 100%)',
    fontFamily: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: 10,
    width: '100%',
    maxWidth: 1120,
    margin: '0 auto',
    padding: '16px 20px',
    fontSize: 18,
    fontWeight: 700,
  },
  mark: {
    width: 36,
    height: 36,
    borderRadius: 10,
    display: 'grid',
    placeItems: 'center',
    color: '#0b0620',
    background: 'linear-gradient(135deg, #22d3ee, #a78bfa)',
  },
  main: {
    flex: '1 0 auto',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '8px 16px 0',
  },
  card: {
    width: '100%',
    maxWidth: 460,
    padding: '32px 22px 26px',
    borderRadius: 18,
    textAlign: 'center',
    color: '#1f1140',
    background: '#ffffff',
    boxShadow: '0 0 0 1px rgb(167 139 250 / 35%), 0 24px 60px rgb(5 2 20 / 55%)',
  },
  title: { margin: 0, fontSize: 24, lineHeight: 1.25, fontWeight: 800, color: '#1f1140' },
  message: {
    margin: '12px 0 0',
    color: '#4c3d73',
    lineHeight: 1.55,
    overflowWrap: 'anywhere',
  },
  home: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: 44,
    marginTop: 24,
    padding: '0 22px',
    borderRadius: 10,
    background: '#6d28d9',
    color: '#ffffff',
    fontWeight: 600,
    textDecoration: 'none',
  },
} satisfies Record<string, CSSProperties>;

/**
 * The router's error screen (docs/product.md#14-page-not-found-and-the-error-screen): 'Unexpected Application Error!', the message
 * and a 'Return to Home' link (a full page load, which starts the app afresh).
 */
export function RouterErrorScreen() {
  const error = useRouteError();
  return (
    <div style={styles.screen}>
      <div style={styles.brand}>
        <span style={styles.mark} aria-hidden="true">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" focusable="false">
            <path d="M13.5 2 4 13.5h6.5L9.5 22 20 9.5h-6.6L13.5 2Z" />
          </svg>
        </span>
        {BRAND.name}
      </div>
      <main style={styles.main}>
        <div role="alert" style={styles.card}>
          <h1 style={styles.title}>Unexpected Application Error!</h1>
          <p style={styles.message}>{describe(error)}</p>
          <a href="/" style={styles.home}>
            Return to Home
          </a>
        </div>
      </main>
    </div>
  );
}
