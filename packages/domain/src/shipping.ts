/**
 * Shipping an order: the carriers a manager can pick, what a tracking number may contain, and the
 * public tracking page the buyer's order row links to.
 */
export const CARRIERS = ['ups', 'usps', 'fedex', 'dhl', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_LABELS: Readonly<Record<Carrier, string>> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  other: 'Other',
};

/** "1z 999-aa1 0123456784" -> "1Z999AA10123456784"; the form shows what will be saved. */
export function normalizeTrackingNumber(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** Why this tracking number cannot be saved, or null when it can (after normalizing). */
export function trackingNumberProblem(text: string): string | null {
  const value = normalizeTrackingNumber(text);
  if (value === '') return 'Enter the tracking number.';
  if (!/^[A-Z0-9]*$/.test(value)) {
    return 'A tracking number has only letters and digits.';
  }
  if (value.length < 5 || value.length > 40) {
    return 'A tracking number has 5 to 40 letters and digits.';
  }
  return null;
}

const TRACKING_PAGES: Readonly<Record<Exclude<Carrier, 'other'>, (n: string) => string>> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=${n}`,
};

/** The carrier's public tracking page, or null for "other" (the number is shown as text). */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  if (carrier === 'other') return null;
  const number = normalizeTrackingNumber(trackingNumber);
  if (trackingNumberProblem(number)) return null;
  return TRACKING_PAGES[carrier](encodeURIComponent(number));
}
