import * as z from 'zod/mini';
import { TERMS_LIMITS, TERMS_MESSAGES } from './payment-terms';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './plain-text';

/** A purchase order number: optional, up to 40 characters of plain text ('' when none). */
export const poNumberSchema = z.string({ error: TERMS_MESSAGES.poNumber }).check(
  z.trim(),
  z.maxLength(TERMS_LIMITS.poNumber, TERMS_MESSAGES.poNumber),
  z.refine((value) => !hasUnsafeText(value), UNSAFE_TEXT_MESSAGE),
);
