import { z } from 'zod';
import { CHECKOUT_STATES, MAX_LINE_QUANTITY, ORDER_STATUSES, PAYMENT_TYPES } from './orders';
import { shipToSchema } from './ship-to';
import { CARRIERS } from './shipping';
import { BUYER_ROLES, PROFILE_STATUSES, ROLES } from './roles';

/** Field limits shared by forms, callables and firestore.rules (keep the rules in step). */
export const LIMITS = {
  fullName: 100,
  storeName: 100,
  sellerPermitId: 50,
  email: 254,
  passwordMin: 6,
  passwordMax: 128,
  productName: 120,
  productDescription: 1000,
  url: 2048,
  supportTitle: 150,
  supportCategory: 60,
  maxPriceCents: 10_000_000,
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(LIMITS.email, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

/** A password a person chooses (sign-up, reset). */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, 'Password is too long');

/** The Request Access form (/apply). Every field is required. */
export const applicationFormSchema = z.object({
  fullName: requiredText('Full name', LIMITS.fullName),
  storeName: requiredText('Store name', LIMITS.storeName),
  email: emailSchema,
  password: newPasswordSchema,
  sellerPermitId: requiredText('Seller permit number', LIMITS.sellerPermitId),
  businessType: z.enum(BUYER_ROLES, { error: 'Choose retailer or wholesaler' }),
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;

export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const newsletterFormSchema = z.object({ email: emailSchema });

/** Forgot password (/forgot-password). */
export const forgotPasswordFormSchema = z.object({ email: emailSchema });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** The new password on the reset page (/auth/action?mode=resetPassword). */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((form) => form.password === form.confirm, {
    message: 'The passwords do not match',
    path: ['confirm'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
export type NewsletterForm = z.infer<typeof newsletterFormSchema>;

export const profileUpdateSchema = z.object({
  storeName: requiredText('Store name', LIMITS.storeName),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** profiles/{uid} as stored (timestamps are converted to Date by the reader). */
export const profileSchema = z.object({
  user_id: z.string().min(1),
  full_name: z.string(),
  store_name: z.string(),
  seller_permit_id: z.string(),
  role: z.enum(ROLES),
  status: z.enum(PROFILE_STATUSES),
  created_at: z.date(),
  reviewed_at: z.date().nullable().optional(),
  reviewed_by: z.string().nullable().optional(),
  /** The default ship-to (written by the functions only): the last order's, or as edited. */
  ship_to: shipToSchema.nullable().optional(),
  /** Whether the address is verified, copied from Firebase Auth by the functions. */
  email_verified: z.boolean().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

const cents = z.number().int('Must be whole cents').min(0).max(LIMITS.maxPriceCents);

/**
 * products/{id} as stored: everything a buyer of any role may see. It holds no wholesale price:
 * approved retailers read these documents, and rules cannot hide one field of a document, so
 * the wholesale price lives in wholesale_prices/{productId} (wholesalePriceSchema).
 */
export const productSchema = z.object({
  name: requiredText('Name', LIMITS.productName),
  description: z.string().trim().max(LIMITS.productDescription),
  image_url: z.string().trim().min(1, 'Image is required').max(LIMITS.url),
  price_retailer: cents,
  is_active: z.boolean(),
  sort_order: z.number().int().min(0).max(100_000),
});
export type Product = z.infer<typeof productSchema> & { id: string };

/**
 * wholesale_prices/{productId}: the wholesale price of one product, readable only by approved
 * wholesalers and managers, written only by managers (and the Admin SDK).
 */
export const wholesalePriceSchema = z.object({ price_wholesaler: cents });
export type WholesalePrice = z.infer<typeof wholesalePriceSchema>;

/**
 * The joined view: a product with both prices (products/{id} plus wholesale_prices/{id}). Only
 * code that may know the wholesale price builds one: checkout pricing on the server, the
 * manager's catalog editor, and a wholesaler's store.
 */
export const catalogProductSchema = productSchema.extend(wholesalePriceSchema.shape);
export type CatalogProduct = z.infer<typeof catalogProductSchema> & { id: string };

/** Joins a product with its wholesale price. */
export function withWholesalePrice(product: Product, wholesale: WholesalePrice): CatalogProduct {
  return { ...product, price_wholesaler: wholesale.price_wholesaler };
}

/** Splits the joined view into the two documents it is stored as (ids are the same). */
export function splitCatalogProduct(product: Omit<CatalogProduct, 'id'>): {
  product: z.infer<typeof productSchema>;
  wholesale: WholesalePrice;
} {
  const { price_wholesaler, ...rest } = product;
  return { product: rest, wholesale: { price_wholesaler } };
}

export const cartItemSchema = z.object({
  product_id: z.string().min(1),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const orderLineSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  unit_amount: cents,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  line_total: z.number().int().min(0),
});

export const refundEntrySchema = z.object({
  refund_id: z.string(),
  amount: z.number().int().min(1),
  reason: z.string(),
  at: z.date(),
  /** A manager's uid, or 'stripe' for a refund made in the Stripe dashboard. */
  by: z.string(),
});
export type RefundEntry = z.infer<typeof refundEntrySchema>;

export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.date(),
  by: z.string(),
});

export const orderSchema = z.object({
  user_id: z.string(),
  store_name: z.string(),
  items: z.array(orderLineSchema),
  amount: z.number().int().min(0),
  currency: z.literal('usd'),
  payment_type: z.enum(PAYMENT_TYPES),
  status: z.enum(ORDER_STATUSES),
  stripe_session_id: z.string().nullable(),
  created_at: z.date(),
  paid_at: z.date().nullable(),
  status_history: z.array(orderStatusChangeSchema),
  // Orders from before the order book (docs/order-lifecycle.md) have none of the fields below.
  /** The buyer's seller permit number when they checked out (on the invoice). */
  seller_permit_id: z.string().default(''),
  /** Where the goods go, as collected by Stripe Checkout. */
  ship_to: shipToSchema.nullable().default(null),
  /** INV-000123, allocated when the order is paid. */
  invoice_number: z.string().nullable().default(null),
  shipment: z
    .object({ carrier: z.enum(CARRIERS), tracking_number: z.string(), shipped_at: z.date() })
    .nullable()
    .default(null),
  refunds: z.array(refundEntrySchema).default([]),
  /** Cents: the sum of `refunds`, kept on the order so revenue can be summed on the server. */
  refunded_amount: z.number().int().min(0).default(0),
});
export type Order = z.infer<typeof orderSchema> & { id: string };

/** checkouts/{id}: one Checkout attempt (managers see the ones that never became an order). */
export const checkoutAttemptSchema = z.object({
  user_id: z.string(),
  store_name: z.string(),
  items: z.array(orderLineSchema),
  amount: z.number().int().min(0),
  state: z.enum(CHECKOUT_STATES),
  created_at: z.date(),
  updated_at: z.date(),
});
export type CheckoutAttempt = z.infer<typeof checkoutAttemptSchema> & { id: string };

export const supportContentSchema = z.object({
  title: requiredText('Title', LIMITS.supportTitle),
  category: requiredText('Category', LIMITS.supportCategory),
  video_url: z
    .string()
    .trim()
    .max(LIMITS.url)
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) video URL' })),
});
export type SupportContent = z.infer<typeof supportContentSchema> & { id: string };
