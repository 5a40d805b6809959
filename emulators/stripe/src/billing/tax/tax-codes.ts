import type { FormValue } from '../../core/form-encoding.js';
import { readEnum, readString } from '../../core/param-readers.js';
import { invalidRequest, missingReference } from '../../core/stripe-error.js';

/**
 * Product tax codes, as far as the sandbox's stand-in for Stripe Tax tells them apart: the
 * nontaxable code is never taxed (Stripe: `taxability_reason: not_collecting`, "the non-taxable
 * product tax code (`txcd_00000000`) was used"); every other code is taxed at the state's base
 * rate, as the general code is. Stripe has hundreds of codes with their own rules per state; the
 * sandbox models none of them.
 */
export const NONTAXABLE_TAX_CODE = 'txcd_00000000';
/** "General - Tangible Goods": what a line without a tax code is taxed as (the preset). */
export const GENERAL_TAX_CODE = 'txcd_99999999';
/** "Shipping": what a shipping rate without a tax code is taxed as (the preset shipping code). */
export const SHIPPING_TAX_CODE = 'txcd_92010001';

/** `tax_behavior` values (of prices, shipping rates, invoice items). */
const TAX_BEHAVIORS = ['exclusive', 'inclusive', 'unspecified'] as const;

/** Stripe's tax code ids: `txcd_` and eight digits. */
const TAX_CODE_PATTERN = /^txcd_\d{8}$/;

/**
 * A `tax_code` parameter: null when not given or `''` (Stripe's "emptyable" codes), else a code of
 * Stripe's form; any other string is refused as Stripe refuses an unknown code (param named).
 */
export function readTaxCode(value: FormValue | undefined, param: string): string | null {
  const code = readString(value, param, 5000);
  if (code === undefined || code === '') return null;
  if (!TAX_CODE_PATTERN.test(code)) throw missingReference('tax_code', code, param);
  return code;
}

/** Whether a line with this tax code is left out of the tax (`txcd_00000000`). */
export function isNontaxable(code: string | null | undefined): boolean {
  return code === NONTAXABLE_TAX_CODE;
}

/** A product's `tax_code` as an id (null for the preset). */
export function taxCodeOfProduct(
  product: { tax_code?: string | { id: string } | null } | undefined,
): string | null {
  const code = product?.tax_code;
  if (!code) return null;
  return typeof code === 'string' ? code : code.id;
}

/**
 * `tax_behavior`: `exclusive` or `unspecified` (the account's default, exclusive in the sandbox),
 * undefined when not given; `inclusive` is refused, as the stand-in computes exclusive tax only
 * (param named).
 */
export function readExclusiveTaxBehavior(
  value: FormValue | undefined,
  param: string,
): 'exclusive' | 'unspecified' | undefined {
  const behavior = readEnum(value, param, TAX_BEHAVIORS);
  if (behavior === 'inclusive') {
    throw invalidRequest(
      'The sandbox computes exclusive tax only (`tax_behavior=exclusive` or `unspecified`).',
      param,
    );
  }
  return behavior;
}
