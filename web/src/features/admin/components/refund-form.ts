import {
  dollarsToCents,
  REFUND_REASON_MAX,
  refundProblem,
  type RefundableOrder,
} from '@portal/domain';
import { z } from 'zod';

const DOLLARS = /^\d+(\.\d{1,2})?$/;

/**
 * The refund form: the amount typed in dollars (at most two decimals), checked against what is
 * left to refund with the domain's refundProblem (the refundOrder function checks it again), and
 * an optional reason.
 */
export function refundFormSchema(order: RefundableOrder) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, 'Enter the refund amount.')
      .regex(DOLLARS, 'Enter an amount in dollars, like 12.50.')
      .superRefine((value, ctx) => {
        if (!DOLLARS.test(value)) return;
        const problem = refundProblem(order, dollarsToCents(value));
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    reason: z
      .string()
      .trim()
      .max(REFUND_REASON_MAX, `Keep the reason under ${REFUND_REASON_MAX} characters.`),
  });
}
export type RefundFormValues = z.infer<ReturnType<typeof refundFormSchema>>;

/** What the refundOrder call gets from the form. */
export function refundRequestOf(orderId: string, values: RefundFormValues) {
  return { orderId, amount: dollarsToCents(values.amount), reason: values.reason };
}
