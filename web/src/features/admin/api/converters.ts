import {
  orderSchema,
  productSchema,
  profileSchema,
  supportContentSchema,
  wholesalePriceSchema,
  type Cents,
  type Product,
  type Profile,
  type SupportContent,
} from '@portal/domain';
import type { DocumentData } from 'firebase/firestore/lite';
import { toDate } from '@/lib/firestore-values';

/**
 * Firestore documents to the dashboard's types. Timestamps become Dates; every document is
 * parsed with the domain schema so a malformed document fails loudly instead of rendering junk.
 */

/** What the dashboard shows of an order (the rest of orders/{id} is not needed here). */
export const adminOrderSchema = orderSchema.pick({
  user_id: true,
  store_name: true,
  items: true,
  amount: true,
  payment_type: true,
  status: true,
  created_at: true,
});
export type AdminOrder = ReturnType<typeof adminOrderSchema.parse> & { id: string };

export function toAdminOrder(id: string, data: DocumentData): AdminOrder {
  return {
    id,
    ...adminOrderSchema.parse({ ...data, created_at: toDate(data.created_at) ?? new Date(0) }),
  };
}

export type AdminProfile = Profile & { id: string };

export function toAdminProfile(id: string, data: DocumentData): AdminProfile {
  return {
    id,
    ...profileSchema.parse({
      ...data,
      created_at: toDate(data.created_at) ?? new Date(0),
      reviewed_at: toDate(data.reviewed_at),
    }),
  };
}

/**
 * A product as the catalog editor shows it: products/{id} joined with wholesale_prices/{id}.
 * The wholesale price is null when that document is missing (a product added outside the
 * editor): the row says so and the editor asks for it, instead of the whole list failing.
 */
export type AdminProduct = Product & { price_wholesaler: Cents | null };

export function toAdminProduct(
  id: string,
  data: DocumentData,
  wholesale: DocumentData | undefined,
): AdminProduct {
  return {
    id,
    ...productSchema.parse(data),
    price_wholesaler: wholesale ? wholesalePriceSchema.parse(wholesale).price_wholesaler : null,
  };
}

export function toSupportItem(id: string, data: DocumentData): SupportContent {
  return { id, ...supportContentSchema.parse(data) };
}
