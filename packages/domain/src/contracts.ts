import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from './orders';
import type { ProfileStatus } from './roles';

/**
 * Request and response contracts of the callable functions. The functions parse `request.data`
 * with these schemas; the web client types its calls with them. The client never sends a price.
 */
/**
 * A Firestore document id: no '/', and none of the ids Firestore reserves ('.', '..', '__x__'),
 * which would otherwise reach the database and come back as an internal error.
 */
const id = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[^/]+$/, 'Must be a document id')
  .refine((value) => value !== '.' && value !== '..' && !/^__.*__$/.test(value), {
    message: 'Must be a document id',
  });

export const setProfileStatusRequest = z.strictObject({
  uid: id,
  status: z.enum(['approved', 'rejected']),
});
export type SetProfileStatusRequest = z.infer<typeof setProfileStatusRequest>;
export interface SetProfileStatusResponse {
  uid: string;
  status: ProfileStatus;
}

/** Without productId: the caller's whole server-side cart. With productId: Buy Now of one unit. */
export const createCheckoutSessionRequest = z.strictObject({
  productId: id.optional(),
});
export type CreateCheckoutSessionRequest = z.infer<typeof createCheckoutSessionRequest>;
export interface CreateCheckoutSessionResponse {
  url: string;
  orderId: string;
}

export const verifyPaymentRequest = z.strictObject({
  sessionId: z.string().trim().min(1).max(255).regex(/^cs_[A-Za-z0-9_]+$/, 'Not a checkout session id'),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequest>;
export interface VerifyPaymentResponse {
  /** cents */
  amount: number;
  status: OrderStatus;
  orderId: string;
}

export const updateOrderStatusRequest = z.strictObject({
  orderId: id,
  status: z.enum(ORDER_STATUSES),
});
export type UpdateOrderStatusRequest = z.infer<typeof updateOrderStatusRequest>;
export interface UpdateOrderStatusResponse {
  orderId: string;
  status: OrderStatus;
}
