import * as z from 'zod/mini';
import { hasUnsafeText } from './plain-text';
import { BUYER_ROLES } from './roles';

/**
 * The public forms' schemas (apply, sign in, forgot password, new password, newsletter) and the
 * field rules they share with the rest of the domain. Written with Zod Mini, like every schema of the domain,
 * whose functions a bundler can leave out when unused: the public pages validate with a few
 * kilobytes of Zod instead of all of it. Zod Mini loads no locale, so every check here says its
 * own message (en-messages.ts has Zod's English ones for the checks that had none).
 */

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
  sku: 40,
  productCategory: 60,
  productImages: 8,
  maxPriceCents: 10_000_000,
} as const;

/** A required text field, trimmed, with its label in its messages. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/**
 * A required name shown in mails and the dashboard (full name, store name, permit): plain text
 * only, no control or bidirectional formatting characters (plain-text.ts; firestore.rules
 * refuses the same in profiles).
 */
export const nameText = (label: string, max: number) =>
  requiredText(label, max).check(
    z.refine((value) => !hasUnsafeText(value), `${label} cannot contain special characters`),
  );

export const emailSchema = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Email is required'),
      z.maxLength(LIMITS.email, 'Email is too long'),
    ),
  z.email('Enter a valid email address'),
);

/** A password a person chooses (sign-up, reset). */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(1, 'Password is required'),
    z.minLength(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`),
    z.maxLength(LIMITS.passwordMax, 'Password is too long'),
  );

/** The Request Access form (/apply). Every field is required. */
export const applicationFormSchema = z.object({
  fullName: nameText('Full name', LIMITS.fullName),
  storeName: nameText('Store name', LIMITS.storeName),
  email: emailSchema,
  password: newPasswordSchema,
  sellerPermitId: nameText('Seller permit number', LIMITS.sellerPermitId),
  businessType: z.enum(BUYER_ROLES, { error: 'Choose retailer or wholesaler' }),
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;

export const loginFormSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required')),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const newsletterFormSchema = z.object({ email: emailSchema });
export type NewsletterForm = z.infer<typeof newsletterFormSchema>;

/** Forgot password (/forgot-password). */
export const forgotPasswordFormSchema = z.object({ email: emailSchema });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** The new password on the reset page (/auth/action?mode=resetPassword). */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .check(
    z.refine((form) => form.password === form.confirm, {
      message: 'The passwords do not match',
      path: ['confirm'],
    }),
  );
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
