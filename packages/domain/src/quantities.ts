import { MAX_LINE_QUANTITY } from './orders';

/**
 * How a product may be ordered: in multiples of its case pack, and at least its minimum order
 * quantity. The UI rounds a typed quantity with roundQuantity and says why; the server refuses a
 * line that breaks either rule (quantityProblem) at checkout.
 */
export interface QuantityRule {
  /** Sold in multiples of this many units (1: any whole number). */
  case_pack: number;
  /** The fewest units one order line may have (1: no minimum). */
  min_quantity: number;
}

/** The smallest quantity the rule allows: the minimum, rounded up to a whole case. */
export function minimumOrderQuantity(rule: QuantityRule): number {
  const pack = Math.max(1, rule.case_pack);
  return Math.ceil(Math.max(1, rule.min_quantity) / pack) * pack;
}

/** The largest quantity the rule allows on one line: the cap, rounded down to a whole case. */
export function maximumOrderQuantity(rule: QuantityRule): number {
  const pack = Math.max(1, rule.case_pack);
  return Math.floor(MAX_LINE_QUANTITY / pack) * pack;
}

export interface RoundedQuantity {
  quantity: number;
  /** Why the quantity differs from the one asked for; null when it did not change. */
  note: string | null;
}

function units(n: number): string {
  return n === 1 ? '1 unit' : `${n} units`;
}

/**
 * A wanted quantity made orderable: raised to the minimum, rounded up to a whole case, lowered to
 * the largest whole number of cases under the line cap. `wanted` must be a whole number >= 1
 * (parseQuantityInput checks typed text).
 */
export function roundQuantity(wanted: number, rule: QuantityRule): RoundedQuantity {
  const pack = Math.max(1, rule.case_pack);
  const min = minimumOrderQuantity(rule);
  const max = maximumOrderQuantity(rule);
  if (!Number.isFinite(wanted)) return { quantity: min, note: null };
  if (wanted < min) {
    const why =
      rule.min_quantity > 1
        ? `The minimum order is ${units(rule.min_quantity)}`
        : `Sold in cases of ${pack}`;
    return { quantity: min, note: `${why}: ${units(wanted)} became ${min}.` };
  }
  if (wanted > max) {
    return {
      quantity: max,
      note: `At most ${max} per order line: ${units(wanted)} became ${max}.`,
    };
  }
  const rounded = Math.ceil(wanted / pack) * pack;
  if (rounded !== wanted) {
    return {
      quantity: rounded,
      note: `Sold in cases of ${pack}: ${units(wanted)} became ${rounded}.`,
    };
  }
  return { quantity: wanted, note: null };
}

/** One way to make a typed quantity orderable: the quantity and its whole number of cases. */
export interface QuantityChoice {
  quantity: number;
  cases: number;
}

/**
 * What the buyer is offered for a typed quantity the rule does not allow, instead of changing it
 * for them (a cart line keeps its quantity until they choose): the next whole number of cases up
 * and the one down. `down` is null when it would fall to 0 or below the minimum, `up` when it
 * would pass the line cap; at least one of them is always there.
 */
export interface QuantityProposal {
  /** The quantity as typed. */
  wanted: number;
  /** The rule it breaks: "Sold in cases of 20", "The minimum order is 24 units". */
  reason: string;
  up: QuantityChoice | null;
  down: QuantityChoice | null;
  /** The case pack, 1 for a product sold by the unit (its choices then name no cases). */
  pack: number;
}

/**
 * The proposal for `wanted` (a whole number >= 1, as parseQuantityInput reads it), or null when
 * the rule allows it as it is.
 */
export function proposeQuantity(wanted: number, rule: QuantityRule): QuantityProposal | null {
  const pack = Math.max(1, rule.case_pack);
  const min = minimumOrderQuantity(rule);
  const max = maximumOrderQuantity(rule);
  if (wanted % pack === 0 && wanted >= min && wanted <= max) return null;
  const choice = (quantity: number): QuantityChoice => ({ quantity, cases: quantity / pack });
  const upTo = Math.max(min, Math.ceil(wanted / pack) * pack);
  const downTo = Math.min(max, Math.floor(wanted / pack) * pack);
  const reason =
    wanted < min && rule.min_quantity > pack
      ? `The minimum order is ${units(rule.min_quantity)}`
      : wanted > max && pack === 1
        ? `At most ${max} per order line`
        : `Sold in cases of ${pack}`;
  return {
    wanted,
    reason,
    up: upTo <= max ? choice(upTo) : null,
    down: downTo >= min && downTo >= 1 ? choice(downTo) : null,
    pack,
  };
}

/** "2 cases", "1 case". */
export function casesText(cases: number): string {
  return cases === 1 ? '1 case' : `${cases} cases`;
}

/** A choice as the buyer sees it: its button's text, and its name when the text alone is short. */
export interface ProposalChoice {
  quantity: number;
  /** "round up to 40 (2 cases)", "down to 20" (after a round up), "round down to 980 (49 cases)". */
  text: string;
  /** The accessible name: the text, or "round down to 20" for "down to 20". */
  name: string;
}

/** The proposal's choices, up first: the pieces of proposalText. */
export function proposalChoices(proposal: QuantityProposal): ProposalChoice[] {
  const cases = (choice: QuantityChoice) =>
    proposal.pack > 1 ? ` (${casesText(choice.cases)})` : '';
  const choices: ProposalChoice[] = [];
  const { up, down } = proposal;
  if (up) {
    const text = `round up to ${up.quantity}${cases(up)}`;
    choices.push({ quantity: up.quantity, text, name: text });
  }
  if (down) {
    const text = up ? `down to ${down.quantity}` : `round down to ${down.quantity}${cases(down)}`;
    choices.push({ quantity: down.quantity, text, name: `round down to ${down.quantity}` });
  }
  return choices;
}

/**
 * The whole proposal as one sentence: "Sold in cases of 20: round up to 40 (2 cases) or down to
 * 20.", "The minimum order is 24 units: round up to 24 (4 cases).", "Sold in cases of 20: round
 * down to 980 (49 cases)." (the line cap).
 */
export function proposalText(proposal: QuantityProposal): string {
  const choices = proposalChoices(proposal).map((choice) => choice.text);
  return `${proposal.reason}: ${choices.join(' or ')}.`;
}

/**
 * Why `quantity` of the product named `name` cannot be ordered, or null when it can. The server's
 * check at checkout; the message names the product and says what would be accepted.
 */
export function quantityProblem(name: string, quantity: number, rule: QuantityRule): string | null {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    return `Invalid quantity for ${name}`;
  }
  const pack = Math.max(1, rule.case_pack);
  if (quantity % pack !== 0) {
    return `${name} is sold in cases of ${pack}: order a multiple of ${pack}`;
  }
  if (quantity < rule.min_quantity) {
    return `The minimum order for ${name} is ${units(rule.min_quantity)}`;
  }
  return null;
}

export type ParsedQuantity = { ok: true; quantity: number } | { ok: false; error: string };

/**
 * Reads a quantity a person typed: a whole number from 1 to the line cap, nothing else
 * ("12", " 48 "; not "1.5", "-3", "1e3", "twelve").
 */
export function parseQuantityInput(text: string): ParsedQuantity {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'Enter a quantity' };
  if (!/^\d+$/.test(trimmed)) {
    return /^-/.test(trimmed)
      ? { ok: false, error: 'Quantity must be at least 1' }
      : { ok: false, error: 'Enter a whole number' };
  }
  const quantity = Number(trimmed);
  if (quantity < 1) return { ok: false, error: 'Quantity must be at least 1' };
  if (quantity > MAX_LINE_QUANTITY) {
    return { ok: false, error: `At most ${MAX_LINE_QUANTITY} per order line` };
  }
  return { ok: true, quantity };
}
