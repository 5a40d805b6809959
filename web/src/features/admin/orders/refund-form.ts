import {
  dollarsToCents,
  formatUsd,
  refundableCents,
  refundNoteSchema,
  refundProblem,
  type RefundableOrder,
} from '@portal/domain';
import * as z from 'zod/mini';

const DOLLARS = /^\d+(\.\d{1,2})?$/;

/** A note's line breaks (Enter in the text box) become spaces: the notes are one line of text. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** A note as the refundOrder function checks it (refundNoteSchema), once its lines are joined. */
function noteField(kind: 'internal' | 'customer') {
  return z.string().check(
    z.superRefine((value, ctx) => {
      const parsed = refundNoteSchema(kind).safeParse(oneLine(value));
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid' });
      }
    }),
  );
}

/**
 * The refund form: the amount typed in dollars (at most two decimals), checked against what is
 * left to refund with the domain's refundProblem (the refundOrder function checks it again), two
 * optional notes (an internal one for the books, never shown to the buyer, and one to the
 * customer, printed on the invoice; each checked as the function checks it), and whether to put the items back in stock (only with a refund of everything
 * left: goods returned).
 */
export function refundFormSchema(order: RefundableOrder) {
  return z
    .object({
      amount: z.string().check(
        z.trim(),
        z.minLength(1, 'Enter the refund amount.'),
        z.regex(DOLLARS, 'Enter an amount in dollars, like 12.50.'),
        z.superRefine((value, ctx) => {
          if (!DOLLARS.test(value)) return;
          const problem = refundProblem(order, dollarsToCents(value));
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      ),
      internalNote: noteField('internal'),
      customerNote: noteField('customer'),
      /** Put the order's items back in stock (the manager's choice; off by default). */
      restock: z.boolean(),
    })
    .check(
      z.superRefine((values, ctx) => {
        // Goods come back with a refund of everything left (the refundOrder function refuses
        // restocking with a partial refund).
        if (!values.restock || !DOLLARS.test(values.amount)) return;
        if (dollarsToCents(values.amount) !== refundableCents(order)) {
          ctx.addIssue({
            code: 'custom',
            path: ['restock'],
            message: `Putting the items back in stock goes with refunding everything left (${formatUsd(refundableCents(order))}).`,
          });
        }
      }),
    );
}
export type RefundFormValues = z.infer<ReturnType<typeof refundFormSchema>>;

/** What the refundOrder call gets from the form (`restock` only when asked for). */
export function refundRequestOf(orderId: string, values: RefundFormValues) {
  return {
    orderId,
    amount: dollarsToCents(values.amount),
    internalNote: oneLine(values.internalNote),
    customerNote: oneLine(values.customerNote),
    ...(values.restock ? { restock: true } : {}),
  };
}

/** One refund the manager asked for: the request as submitted and the id that names it. */
export interface RefundAttempt {
  request: ReturnType<typeof refundRequestOf>;
  requestId: string;
}

/**
 * The attempt a submit belongs to. Submitting the same refund again (its answer was lost, the
 * call failed, the button was pressed twice) is a retry: it keeps the request id, so the server
 * refunds once and answers the first result. Another amount, note or restock is another refund,
 * with a new id.
 */
export function refundAttemptFor(
  previous: RefundAttempt | null,
  request: ReturnType<typeof refundRequestOf>,
  newId: () => string,
): RefundAttempt {
  const same =
    previous !== null &&
    previous.request.orderId === request.orderId &&
    previous.request.amount === request.amount &&
    previous.request.internalNote === request.internalNote &&
    previous.request.customerNote === request.customerNote &&
    previous.request.restock === request.restock;
  return same ? previous : { request, requestId: newId() };
}
