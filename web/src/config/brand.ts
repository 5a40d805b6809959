/**
 * The brand and its marketing copy: one home, so the landing page, titles and footer agree.
 * Figures (500+ locations, 5 stars, 2025) are the ones docs/product.md#4-landing-page- and
 * docs/product.md#19-constants-and-limits state; do not invent others.
 */
import { BRAND } from '@portal/domain';

export const brand = {
  // Name, tagline and contact are shared with the mails the functions send (packages/domain).
  name: BRAND.name,
  shortName: BRAND.shortName,
  tagline: BRAND.tagline,
  partnerLocations: '500+',
  copyrightYear: 2025,
  supportEmail: BRAND.supportEmail,

  hero: {
    eyebrow: 'Premium slush syrups & machines',
    intro:
      'Neon-bright flavor, built for smokeshops and retailers. Wholesale pricing for approved partners across the West Coast.',
    cta: 'Log In',
    secondaryCta: 'Become a Partner',
  },

  products: {
    heading: 'Premium Products',
    intro:
      'Everything you need to run a high-margin slush counter, from the first pour to the last cup.',
    cards: [
      {
        id: 'syrups',
        title: 'Premium Syrups',
        text: 'Small-batch concentrates with bold color and a clean finish. One gallon makes hundreds of servings.',
        tags: ['Purple Dream', 'Blue Coast', 'Green Machine'],
      },
      {
        id: 'machines',
        title: 'Slushie Machines',
        text: 'Commercial freezers that stay cold through the busiest weekend and light up your counter.',
        tags: ['LED Lighting', 'High Volume', 'Industrial'],
      },
      {
        id: 'partnership',
        title: 'VIP Partnership',
        text: 'Tiered wholesale pricing, priority restocks and a team that helps you sell.',
        tags: [],
      },
    ],
    partnershipCta: 'Apply Now',
  },

  testimonial: {
    heading: 'Trusted by Smokeshops Across California',
    quote:
      'We put the machine by the register and it paid for itself in the first month. Customers come back just for the Purple Dream.',
    author: 'Marisol R.',
    role: 'Owner, Cloud Nine Smoke Shop, Long Beach',
    stars: 5,
    recognition: [
      { figure: '500+', label: 'partner locations across California' },
      { figure: 'Trade-show favorite', label: 'featured at West Coast retail and vape expos' },
      { figure: 'Celebrity approved', label: 'poured at celebrity events and launch parties' },
    ],
    citiesLabel: 'Pouring today in',
    cities: [
      'Los Angeles',
      'San Diego',
      'San Francisco',
      'San Jose',
      'Sacramento',
      'Fresno',
      'Oakland',
      'Long Beach',
    ],
  },

  profit: {
    heading: 'Turn Your Counter Into a Profit Centre',
    benefits: [
      {
        id: 'margin',
        title: 'High-Margin Sales',
        text: 'Syrup and ice cost cents per cup. Slush sells for dollars, all day, every day.',
      },
      {
        id: 'customers',
        title: 'Attract New Customers',
        text: 'A glowing machine by the window pulls in foot traffic that stays to shop.',
      },
      {
        id: 'support',
        title: 'Full Support Partner',
        text: 'Setup guides, video tutorials and a real person to call when you need one.',
      },
    ],
  },

  seeInAction: {
    heading: 'See It in Action',
    text: 'Three flavors, one machine, and a counter nobody walks past.',
    image: '/media/see-in-action.svg',
    alt: 'Illustration of an Electric Slush machine on a shop counter: three lit tanks of purple, blue and green slush, with cups ready to serve.',
  },

  guarantee: {
    heading: 'The Electric Guarantee',
    intro: 'Every new partner starts with a complete launch kit.',
    items: ['Top-selling flavors included', 'Easy setup guide', 'Marketing materials'],
    cta: 'Become a Partner',
  },

  footer: {
    blurb: 'Premium slush syrups and machines for California retailers.',
    newsletterHeading: 'Get flavor drops first',
    newsletterLabel: 'Your email for new flavors and offers',
    newsletterThanks: 'Almost there! Check your inbox to confirm your subscription.',
  },
} as const;
