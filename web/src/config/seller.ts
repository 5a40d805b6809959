import { brand } from './brand';

/**
 * Who sells, as printed on invoices and packing slips. The defaults are the brand's; a deployment
 * sets its legal name, address and contact at build time:
 * VITE_SELLER_NAME, VITE_SELLER_ADDRESS (lines separated by "|") and VITE_SELLER_EMAIL.
 */
export interface Seller {
  name: string;
  addressLines: string[];
  email: string;
}

interface SellerEnv {
  VITE_SELLER_NAME?: string;
  VITE_SELLER_ADDRESS?: string;
  VITE_SELLER_EMAIL?: string;
}

export const DEFAULT_SELLER: Seller = {
  name: brand.name,
  addressLines: ['1200 Harbor Blvd', 'Long Beach, CA 90802', 'United States'],
  email: brand.supportEmail,
};

export function sellerFromEnv(vars: SellerEnv): Seller {
  const lines = (vars.VITE_SELLER_ADDRESS ?? '')
    .split('|')
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    name: vars.VITE_SELLER_NAME?.trim() || DEFAULT_SELLER.name,
    addressLines: lines.length > 0 ? lines : DEFAULT_SELLER.addressLines,
    email: vars.VITE_SELLER_EMAIL?.trim() || DEFAULT_SELLER.email,
  };
}

export const seller: Seller = sellerFromEnv(import.meta.env as unknown as SellerEnv);
