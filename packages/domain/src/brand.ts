/**
 * The brand's identity where more than the web app needs it (the mails the functions send):
 * name, contact address and colours. The web app's marketing copy builds on it
 * (web/src/config/brand.ts).
 */
export const BRAND = {
  name: 'Electric Slush Co.',
  shortName: 'Electric Slush',
  tagline: "California's Electric Flavor",
  supportEmail: 'support@electricslush.example',
  colors: {
    night: '#0b0620',
    primary: '#6d28d9',
    accent: '#22d3ee',
    text: '#1f1147',
    muted: '#5b5575',
    page: '#f5f3ff',
  },
} as const;
