/**
 * Intl formatters made on their first use, not when their module loads; dates without Intl where
 * the domain writes them (dateText).
 *
 * A page's first `Intl.DateTimeFormat` loads ICU's date data: 40 to 76 ms in a fresh Chromium page
 * on a 2-core machine (the next ones take under a millisecond), four times as long on Lighthouse's
 * phone. Made at a module's top level, it ran inside the one task that evaluates the page's
 * modules, before the first paint, on every page whose first load holds such a module (the cart
 * for its price-change notice and its terms due date, which it shows only now and then; My
 * Account; every dashboard tab). Made here, it runs when a date is first shown, once the data has
 * come, and never on a page that shows none. `eslint.config.js` refuses a top-level `new Intl.*`
 * in the web app.
 *
 * The same options share one formatter across modules. Everything is en-US, as the rest of the
 * app's text (amounts and counts: `formatUsd` and `formatCount` in the domain package).
 */

import {
  businessDayLongText,
  businessDayText,
  dateText,
  type DateTextOptions,
} from '@portal/domain';

export interface Formatter<V> {
  format(value: V): string;
}

const made = new Map<string, Formatter<never>>();

function onFirstUse<V>(key: string, make: () => Formatter<V>): Formatter<V> {
  return {
    format(value: V) {
      let formatter = made.get(key) as Formatter<V> | undefined;
      if (!formatter) {
        formatter = make();
        made.set(key, formatter as Formatter<never>);
      }
      return formatter.format(value);
    },
  };
}

/**
 * What `new Intl.DateTimeFormat('en-US', options)` writes: without Intl for the options the
 * portal's pages use, in the device's time zone, UTC or the business's (the domain's dateText,
 * held equal to Intl by its tests), so that no page loads ICU's date data to show a date; with
 * Intl, made on the first `format`, for any other (another time zone, say).
 */
export function dateFormatter(options: Intl.DateTimeFormatOptions): Formatter<Date | number> {
  // A copy: the options the key names are the ones the formatter is made with.
  const own = { ...options };
  const byIntl = onFirstUse(`date ${JSON.stringify(own)}`, () => {
    return new Intl.DateTimeFormat('en-US', own);
  });
  const plain = dateText(own as DateTextOptions, (date) => byIntl.format(date));
  return plain ? { format: plain } : byIntl;
}

/**
 * A day as the business counts it (Pacific): "Dec 7, 2026". Every day the portal prints without a
 * time of day is written by this (or the long one below): an invoice's date and due date, a
 * quote's last valid day, the day an order was placed or shipped. It is the domain's
 * businessDayText, the one the mails use, so a page, a document and a mail name the same day
 * wherever the reader is; a moment with its time of day is the reader's own ("Dec 7, 2026,
 * 3:04 PM"). Written without Intl (dateText). `eslint.config.js` refuses a day without a time
 * zone.
 */
export const businessDayFormat: Formatter<Date | number> = { format: businessDayText };

/** The business's day as a document prints it: "December 7, 2026" (invoices, quotes, policies). */
export const businessDayLongFormat: Formatter<Date | number> = { format: businessDayLongText };

/** `new Intl.NumberFormat('en-US', options)`, made on the first `format`. */
export function numberFormatter(options: Intl.NumberFormatOptions): Formatter<number> {
  const own = { ...options };
  return onFirstUse(`number ${JSON.stringify(own)}`, () => {
    return new Intl.NumberFormat('en-US', own);
  });
}
