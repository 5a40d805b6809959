import * as z from 'zod/mini';

/**
 * A product's expected restock date (backorders.ts): a calendar day, YYYY-MM-DD. A module of its
 * own because the product schema (schemas.ts), which every page loads, needs only this: the
 * backorder marks and texts stay with the pages that show them.
 */
export const restockDateSchema = z.string({ error: 'Enter the restock date as YYYY-MM-DD.' }).check(
  z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Enter the restock date as YYYY-MM-DD.'),
  // A day that exists: 2026-02-31 has the shape and is no date.
  z.refine((day) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, date)).getUTCDate() === date;
  }, 'Enter a restock date that exists on the calendar.'),
);
