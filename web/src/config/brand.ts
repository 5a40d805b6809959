/** The brand and its marketing copy: one home, so the landing page, titles and footer agree. */
export const brand = {
  name: 'Electric Slush Co.',
  shortName: 'Electric Slush',
  tagline: "California's Electric Flavor",
  partnerLocations: '500+',
  copyrightYear: 2025,
  supportEmail: 'support@electricslush.example',
} as const;
