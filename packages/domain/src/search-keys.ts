import { foldCase } from './fold-case';
import { formatInvoiceNumber, parseInvoiceNumber } from './invoices';
import { SHORT_ORDER_ID_LENGTH } from './orders';

/**
 * Search keys: Firestore cannot look inside a string, so an order or a profile carries the
 * tokens a manager's search may be, `search_keys: string[]`, and the search callables ask for
 * `search_keys array-contains <the query's token>`. A query finds a document when it is the
 * start of a word of the store name (several words too), an email address or its start, the
 * email's domain, an order id, in full or as the short number the screens show (#ebluQw4S, with
 * or without the '#', in any case), or an invoice number (INV-000123, INV 123, 000123 or 123).
 *
 * The keys and the query go through the same normalization (searchTokenOf): lower case, accents
 * removed, blanks collapsed to one space, cut to SEARCH_TOKEN_MAX characters. Written by the
 * Firestore triggers of functions/src/insights/search-fields.ts; docs/manager-insight.md.
 */

/** The longest token: a longer query is cut to this, so it still finds the key of its start. */
export const SEARCH_TOKEN_MAX = 24;
/** The shortest word or email prefix kept as a key (one letter would match half the stores). */
export const SEARCH_PREFIX_MIN = 2;
/** The most keys one document carries: identifiers and emails first, then the name's prefixes. */
export const SEARCH_KEYS_MAX = 200;

/** Lower case, accents removed, every run of blanks one space, no blanks at either end. */
export function normalizeSearchText(text: string): string {
  return foldCase(text).replace(/\s+/g, ' ').trim();
}

/** An invoice number as people type it: INV-000123, inv 123, INV000123 ('#' already dropped). */
const TYPED_INVOICE = /^inv[\s-]?(\d{1,15})$/i;

/**
 * The token a search text is looked up by: normalized and cut to SEARCH_TOKEN_MAX characters
 * ('' for a blank text), without the '#' the screens put before an order's number. An invoice
 * number in any form people type (INV-123, inv-000123, INV 123) becomes its canonical key,
 * 'inv-000123'.
 */
export function searchTokenOf(text: string): string {
  const bare = text.trim().replace(/^#+\s*/, '');
  const typed = TYPED_INVOICE.exec(bare);
  const invoice = parseInvoiceNumber(typed ? `INV-${typed[1]}` : bare);
  if (invoice !== null) return cut(formatInvoiceNumber(invoice).toLowerCase());
  return cut(normalizeSearchText(bare));
}

function cut(normalized: string): string {
  return normalized.slice(0, SEARCH_TOKEN_MAX).trimEnd();
}

/** Every start of `text` of SEARCH_PREFIX_MIN to SEARCH_TOKEN_MAX characters, as tokens. */
function prefixesOf(text: string): string[] {
  const out: string[] = [];
  const limit = Math.min(text.length, SEARCH_TOKEN_MAX);
  for (let end = SEARCH_PREFIX_MIN; end <= limit; end++) {
    // A prefix ending in a blank is the same token as the one before it (queries are trimmed).
    if (text[end - 1] !== ' ') out.push(text.slice(0, end));
  }
  return out;
}

/** The forms of an invoice number a manager may type: 'inv-000123', '000123' and '123'. */
function invoiceKeys(invoiceNumber: string): string[] {
  const sequence = parseInvoiceNumber(invoiceNumber);
  if (sequence === null) return [searchTokenOf(invoiceNumber)];
  const canonical = formatInvoiceNumber(sequence).toLowerCase();
  return [canonical, canonical.slice(canonical.indexOf('-') + 1), String(sequence)];
}

export interface SearchKeySource {
  storeName: string;
  /** The buyer's address (Firebase Auth's), null when unknown. */
  email: string | null;
  orderId?: string;
  invoiceNumber?: string | null;
}

/**
 * The search keys of an order (with its id and invoice number) or a profile (without): at most
 * SEARCH_KEYS_MAX distinct tokens, in this order: the order id and its short number, the invoice number's forms, the
 * email in full (the one key that may be longer than SEARCH_TOKEN_MAX), its starts, its domain, then every start of every word of the store name (the
 * rest of the name included: "nine sm" for "Cloud Nine Smoke"), earlier words first.
 */
export function searchKeysOf(source: SearchKeySource): string[] {
  const keys = new Set<string>();
  const add = (token: string) => {
    if (token.length > 0 && keys.size < SEARCH_KEYS_MAX) keys.add(token);
  };
  if (source.orderId) {
    add(searchTokenOf(source.orderId));
    // The short number the screens show (shortOrderId), without its '#'.
    add(searchTokenOf(source.orderId.slice(0, SHORT_ORDER_ID_LENGTH)));
  }
  if (source.invoiceNumber) invoiceKeys(source.invoiceNumber).forEach(add);
  const email = normalizedEmail(source.email);
  if (email) {
    // In full (also when longer than a token: a query is cut, so its start is what finds it).
    add(email);
    prefixesOf(email).forEach(add);
    emailDomainKeys(email).forEach(add);
  }
  wordStartsOf(source.storeName).forEach(add);
  return [...keys];
}

function normalizedEmail(email: string | null | undefined): string {
  return normalizeSearchText(email ?? '').replace(/ /g, '');
}

/** The domain of a normalized address, as a token ([] without an '@'). */
function emailDomainKeys(email: string): string[] {
  const at = email.lastIndexOf('@');
  return at >= 0 ? [cut(email.slice(at + 1))] : [];
}

/**
 * Every start of every word of `text`, normalized, running on into the next words ("nine sm"
 * for "Cloud Nine Smoke"), earlier words first.
 */
function wordStartsOf(text: string): string[] {
  const normalized = normalizeSearchText(text);
  const out: string[] = [];
  for (let start = 0; start < normalized.length; start++) {
    if (start === 0 || normalized[start - 1] === ' ')
      out.push(...prefixesOf(normalized.slice(start)));
  }
  return out;
}

export interface CompanySearchKeySource {
  /** The company's name. */
  name: string;
  /** Every member's address (Firebase Auth's); null when unknown. */
  emails: readonly (string | null)[];
  /** The city of every location of the company. */
  cities: readonly string[];
}

/**
 * The search keys of a company (the managers' Companies table): at most SEARCH_KEYS_MAX distinct
 * tokens, so a company of many members or locations keeps what matters most, in this order:
 * every member's address in full (and cut as a query of it is) and its domain, every start of every word of the name, every
 * start of every word of each location's city, then the starts of the addresses. A company of a
 * few members and locations has them all.
 */
export function companySearchKeysOf(source: CompanySearchKeySource): string[] {
  const keys = new Set<string>();
  const add = (token: string) => {
    if (token.length > 0 && keys.size < SEARCH_KEYS_MAX) keys.add(token);
  };
  const emails = source.emails.map(normalizedEmail).filter((email) => email.length > 0);
  for (const email of emails) {
    // In full, and as a query of it in full is cut (an address longer than a token).
    add(email);
    add(cut(email));
    emailDomainKeys(email).forEach(add);
  }
  wordStartsOf(source.name).forEach(add);
  for (const city of source.cities) wordStartsOf(city).forEach(add);
  for (const email of emails) prefixesOf(email).forEach(add);
  return [...keys];
}
