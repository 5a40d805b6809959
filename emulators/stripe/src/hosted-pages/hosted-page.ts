import { billingOf, intervalText } from '../billing/billing-periods.js';
import { escapeHtml } from './html.js';
import { formatAmount } from '../core/money.js';
import type { StoredSession } from '../checkout/session-store.js';
import { sessionTaxSummary } from '../checkout/session-tax.js';
import { taxRowText } from '../billing/tax/tax-amounts.js';
import type { CheckoutErrors } from '../checkout/checkout-form.js';
import { chosenShippingRate } from '../checkout/session-shipping.js';
import { countryName, US_STATE_CODES, type ShippingForm } from '../checkout/shipping-details.js';
import type { ShippingRate } from '../core/types.js';

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; background: #f6f8fa; color: #1a1f36; }
.banner { background: #ffe58f; color: #3d2e00; padding: .6rem 1rem; text-align: center; font-weight: 600; }
main { max-width: 34rem; margin: 1.5rem auto; padding: 1.25rem; background: #fff; border-radius: .75rem;
  box-shadow: 0 1px 3px rgba(0,0,0,.12); }
h1 { font-size: 1.4rem; margin: 0 0 1rem; }
table { width: 100%; border-collapse: collapse; }
caption { text-align: left; font-weight: 600; margin-bottom: .5rem; }
th, td { padding: .55rem .25rem; border-bottom: 1px solid #e3e8ee; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; white-space: nowrap; }
tfoot th, tfoot td { font-size: 1.1rem; border-bottom: none; }
.desc { display: block; color: #4f566b; font-size: .9rem; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin-top: 1.25rem; }
button { font: inherit; font-weight: 600; background: #635bff; color: #fff; border: none; border-radius: .5rem;
  padding: .8rem 1.6rem; min-height: 2.75rem; cursor: pointer; }
button:hover { background: #4b44d6; }
button:focus-visible, a:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
a { color: #4b44d6; }
.note { color: #4f566b; font-size: .9rem; overflow-wrap: anywhere; }
fieldset { border: 1px solid #e3e8ee; border-radius: .5rem; margin: 1.25rem 0 0; padding: .75rem 1rem 1rem; min-width: 0; }
legend { font-weight: 600; padding: 0 .25rem; }
.field { display: flex; flex-direction: column; gap: .25rem; margin-top: .75rem; }
.field label { font-weight: 600; font-size: .95rem; }
.field input, .field select { font: inherit; padding: .55rem .6rem; border: 1px solid #a3acb9; border-radius: .4rem; min-height: 2.5rem; width: 100%; box-sizing: border-box; min-width: 0; }
.field input[aria-invalid="true"], .field select[aria-invalid="true"] { border-color: #c0123c; }
.row { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 0 .75rem; }
.error { color: #c0123c; font-size: .9rem; }
.hint { color: #4f566b; font-size: .85rem; }
.summary { background: #fde8ec; color: #7a0a26; border-radius: .5rem; padding: .6rem .8rem; margin-top: 1rem; }
.method { display: flex; gap: .5rem; align-items: center; margin-top: .5rem; }
.method input { width: 1.2rem; height: 1.2rem; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .35rem 1rem; margin: 0 0 1.25rem; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.secondary { background: #fff; color: #4b44d6; border: 2px solid #635bff; margin-top: .75rem; }
.secondary:hover { background: #f0efff; }
.state { display: inline-block; border-radius: .4rem; padding: .2rem .6rem; background: #e3e8ee; font-weight: 600; }
@media (max-width: 30rem) { main { margin: 0; border-radius: 0; } .actions button { width: 100%; } }
`;

/** A hosted page: the test-mode banner over `body`. */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Stripe test sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">Test mode: local Stripe sandbox. No real payment is made.</div>
<main>
${body}
</main>
</body>
</html>
`;
}

/** What the hosted page shows in its form: what was typed, and the messages for bad fields. */
export interface CheckoutFormState {
  values: Partial<ShippingForm>;
  method: 'card' | 'delayed';
  /** The shipping option picked (a rate id); the session's chosen one when not given. */
  shippingRate?: string;
  errors: CheckoutErrors;
}

const SHIPPING_FIELDS: ReadonlyArray<{
  key: keyof ShippingForm;
  label: string;
  autocomplete: string;
  optional?: boolean;
}> = [
  { key: 'name', label: 'Full name', autocomplete: 'shipping name' },
  { key: 'line1', label: 'Address line 1', autocomplete: 'shipping address-line1' },
  { key: 'line2', label: 'Address line 2', autocomplete: 'shipping address-line2', optional: true },
  { key: 'city', label: 'City', autocomplete: 'shipping address-level2' },
];

function errorOf(state: CheckoutFormState, key: keyof ShippingForm): string {
  const message = state.errors[key];
  return message ? `<span class="error" id="${key}-error">${escapeHtml(message)}</span>` : '';
}

/** `aria-invalid` and `aria-describedby` (the field's hint and its error message, when shown). */
function describedAttrs(state: CheckoutFormState, key: keyof ShippingForm, hint = false): string {
  const ids = [...(hint ? [`${key}-hint`] : []), ...(state.errors[key] ? [`${key}-error`] : [])];
  return `${state.errors[key] ? ' aria-invalid="true"' : ''}${ids.length > 0 ? ` aria-describedby="${ids.join(' ')}"` : ''}`;
}

function textField(
  state: CheckoutFormState,
  field: { key: keyof ShippingForm; label: string; autocomplete: string; optional?: boolean },
  type = 'text',
): string {
  const value = state.values[field.key] ?? '';
  // The label is the field's name alone ("Address line 2"); "Optional" is a hint beside it.
  const hint = field.optional ? ` <span class="hint" id="${field.key}-hint">Optional</span>` : '';
  return `<div class="field"><label for="${field.key}">${escapeHtml(field.label)}</label>${hint}
<input id="${field.key}" name="${field.key}" type="${type}" autocomplete="${field.autocomplete}" value="${escapeHtml(value)}"${field.optional ? '' : ' required'}${describedAttrs(state, field.key, field.optional)}>
${errorOf(state, field.key)}</div>`;
}

function selectField(
  state: CheckoutFormState,
  key: keyof ShippingForm,
  label: string,
  options: ReadonlyArray<{ value: string; label: string }>,
  autocomplete: string,
): string {
  const current = state.values[key] ?? '';
  const items = options
    .map(
      (o) =>
        `<option value="${escapeHtml(o.value)}"${o.value === current ? ' selected' : ''}>${escapeHtml(o.label)}</option>`,
    )
    .join('');
  return `<div class="field"><label for="${key}">${escapeHtml(label)}</label>
<select id="${key}" name="${key}" autocomplete="${autocomplete}" required${describedAttrs(state, key)}>${items}</select>
${errorOf(state, key)}</div>`;
}

const PHONE_FIELD = { key: 'phone', label: 'Phone', autocomplete: 'tel' } as const;

/**
 * State: a select of US state codes when the ship-to can only be in the US, else a text input
 * (a province or region elsewhere; the server still checks a US state code).
 */
function stateField(state: CheckoutFormState, allowedCountries: readonly string[]): string {
  const autocomplete = 'shipping address-level1';
  if (allowedCountries.length === 1 && allowedCountries[0] === 'US') {
    const states = [
      { value: '', label: 'Choose…' },
      ...US_STATE_CODES.map((c) => ({ value: c, label: c })),
    ];
    return selectField(state, 'state', 'State', states, autocomplete);
  }
  return textField(state, { key: 'state', label: 'State', autocomplete });
}

/**
 * With automatic tax, a button under the ship-to that recomputes the tax for the address typed
 * (the page has no script: the server answers with the page again).
 */
function updateTaxButton(session: StoredSession['session']): string {
  return session.automatic_tax.enabled
    ? '\n<button type="submit" name="intent" value="update-tax" class="secondary">Update tax for this address</button>'
    : '';
}

/** The ship-to (and phone) the session asks for; nothing when it asks for neither. */
function detailsFieldset(session: StoredSession['session'], state: CheckoutFormState): string {
  const collection = session.shipping_address_collection;
  const phone = session.phone_number_collection?.enabled === true;
  const phoneField = phone ? textField(state, PHONE_FIELD, 'tel') : '';
  if (!collection) {
    return phone
      ? `<fieldset>\n<legend>Contact information</legend>\n${phoneField}\n</fieldset>`
      : '';
  }
  const countries = collection.allowed_countries.map((code) => ({
    value: code,
    label: countryName(code),
  }));
  return `<fieldset>
<legend>Shipping address</legend>
${SHIPPING_FIELDS.map((field) => textField(state, field)).join('\n')}
<div class="row">
${stateField(state, collection.allowed_countries)}
${textField(state, { key: 'postal_code', label: 'ZIP code', autocomplete: 'shipping postal-code' })}
</div>
${selectField(state, 'country', 'Country', countries, 'shipping country')}
${phoneField}${updateTaxButton(session)}
</fieldset>`;
}

/** The payment methods: card, and bank transfer except for a subscription (card only). */
function methodFieldset(state: CheckoutFormState, subscription: boolean): string {
  const checked = (method: CheckoutFormState['method']) =>
    state.method === method || subscription ? ' checked' : '';
  const delayed = subscription
    ? ''
    : `\n<div class="method"><input type="radio" id="method-delayed" name="method" value="delayed"${checked('delayed')}><label for="method-delayed">Bank transfer (settles later)</label></div>`;
  return `<fieldset>
<legend>Payment method</legend>
<div class="method"><input type="radio" id="method-card" name="method" value="card"${checked('card')}><label for="method-card">Card (test card 4242 4242 4242 4242)</label></div>${delayed}
</fieldset>`;
}

/** `Billed every 2 weeks` under a subscription's total; nothing for a payment. */
function billingNote(stored: StoredSession): string {
  const price = stored.lines[0]?.price;
  const billing = stored.session.mode === 'subscription' && price ? billingOf(price) : null;
  return billing
    ? `<p class="note" data-testid="billing-interval">Billed every ${escapeHtml(intervalText(billing))}</p>`
    : '';
}

/** `Shipping` (or `Shipping (Next day air)`), the rate's name. */
function shippingLabel(rate: ShippingRate | null): string {
  const name = rate?.display_name ?? 'Shipping';
  return name === 'Shipping' ? name : `Shipping (${name})`;
}

/** `5–7 business days`, `1 day`, `up to 2 weeks`: a rate's delivery estimate, or ''. */
function deliveryEstimateText(rate: ShippingRate): string {
  const { minimum, maximum } = rate.delivery_estimate ?? { minimum: null, maximum: null };
  const unitText = (unit: string, value: number) =>
    `${unit.replaceAll('_', ' ')}${value === 1 ? '' : 's'}`;
  if (minimum && maximum) {
    return minimum.unit === maximum.unit
      ? minimum.value === maximum.value
        ? `${minimum.value} ${unitText(minimum.unit, minimum.value)}`
        : `${minimum.value}–${maximum.value} ${unitText(maximum.unit, maximum.value)}`
      : `${minimum.value} ${unitText(minimum.unit, minimum.value)} to ${maximum.value} ${unitText(maximum.unit, maximum.value)}`;
  }
  if (minimum) return `at least ${minimum.value} ${unitText(minimum.unit, minimum.value)}`;
  if (maximum) return `up to ${maximum.value} ${unitText(maximum.unit, maximum.value)}`;
  return '';
}

/** The shipping row of a session with shipping: its option's name and amount (before tax). */
function shippingRow(stored: StoredSession): string {
  const { session } = stored;
  if (!session.shipping_cost) return '';
  const rate = chosenShippingRate(session, stored.shippingRates);
  return `<tr><th scope="row" colspan="3">${escapeHtml(shippingLabel(rate))}</th><td class="num" data-testid="shipping">${formatAmount(session.shipping_cost.amount_subtotal, session.currency)}</td></tr>
`;
}

/**
 * With more than one shipping option, the buyer picks one (the chosen one checked) and may update
 * the total for it before paying; Pay charges the option submitted in any case.
 */
function shippingFieldset(stored: StoredSession, state: CheckoutFormState): string {
  const { session, shippingRates } = stored;
  if (shippingRates.length < 2) return '';
  const picked = state.shippingRate ?? chosenShippingRate(session, shippingRates)?.id;
  const error = state.errors.shipping_rate
    ? `<span class="error" id="shipping_rate-error">${escapeHtml(state.errors.shipping_rate)}</span>`
    : '';
  const options = shippingRates
    .map((rate, index) => {
      const estimate = deliveryEstimateText(rate);
      const label = `${rate.display_name} · ${formatAmount(rate.fixed_amount.amount, rate.fixed_amount.currency)}${estimate ? ` · ${estimate}` : ''}`;
      return `<div class="method"><input type="radio" id="shipping-rate-${index}" name="shipping_rate" value="${escapeHtml(rate.id)}"${rate.id === picked ? ' checked' : ''}${error ? ' aria-describedby="shipping_rate-error"' : ''}><label for="shipping-rate-${index}">${escapeHtml(label)}</label></div>`;
    })
    .join('\n');
  return `<fieldset>
<legend>Shipping method</legend>
${options}
${error}
<button type="submit" name="intent" value="update-total" class="secondary">Update total</button>
</fieldset>`;
}

/** `Discount (Store credit)` and `-$25.00`: what the session's coupon takes off. */
function discountRow(stored: StoredSession): string {
  const { session, coupon } = stored;
  const amount = session.total_details?.amount_discount ?? 0;
  if (!coupon || amount === 0) return '';
  const label = coupon.name ? `Discount (${coupon.name})` : 'Discount';
  return `<tr><th scope="row" colspan="3">${escapeHtml(label)}</th><td class="num" data-testid="discount">${formatAmount(-amount, session.currency)}</td></tr>
`;
}

/**
 * The table's foot: the total, with the subtotal above it and between them the discount of a
 * discounted session, the shipping of one with shipping and the tax of a taxed one.
 */
function totals(stored: StoredSession): string {
  const { session } = stored;
  const total = `<tr><th scope="row" colspan="3">Total</th><td class="num" data-testid="total">${formatAmount(session.amount_total, session.currency)}</td></tr>`;
  const tax = sessionTaxSummary(stored);
  const discount = discountRow(stored);
  const shipping = shippingRow(stored);
  if (!tax && !discount && !shipping) return total;
  const taxRow = tax ? taxRowText(tax, (amount) => formatAmount(amount, session.currency)) : null;
  return `<tr><th scope="row" colspan="3">Subtotal</th><td class="num" data-testid="subtotal">${formatAmount(session.amount_subtotal, session.currency)}</td></tr>
${discount}${shipping}${
    taxRow
      ? `<tr><th scope="row" colspan="3">${escapeHtml(taxRow.label)}</th><td class="num" data-testid="tax">${escapeHtml(taxRow.value)}</td></tr>
`
      : ''
  }${total}`;
}

/** The hosted checkout page: lines, total, the ship-to and phone asked for, the method, Pay and Cancel. */
export function renderCheckoutPage(
  stored: StoredSession,
  state: CheckoutFormState = { values: {}, method: 'card', errors: {} },
): string {
  const { session, lines, products } = stored;
  const rows = lines
    .map((line, index) => {
      const description = products[index]?.description;
      return `<tr>
<th scope="row">${escapeHtml(line.description)}${description ? `<span class="desc">${escapeHtml(description)}</span>` : ''}</th>
<td class="num">${line.quantity}</td>
<td class="num">${formatAmount(line.price.unit_amount, line.currency)}</td>
<td class="num">${formatAmount(line.amount_subtotal, line.currency)}</td>
</tr>`;
    })
    .join('\n');
  const total = formatAmount(session.amount_total, session.currency);
  const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '';
  const email = session.customer_email
    ? `<p class="note">Receipt to ${escapeHtml(session.customer_email)}</p>`
    : '';
  const problems = Object.keys(state.errors).length;
  const summary =
    problems > 0
      ? `<p class="summary" role="alert">Check the ${problems === 1 ? 'field' : `${problems} fields`} marked below. Nothing was charged.</p>`
      : '';
  return layout(
    'Checkout',
    `<h1>Checkout</h1>
<table>
<caption>Order summary</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Line total</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>${totals(stored)}</tfoot>
</table>
${billingNote(stored)}
${email}
<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay" novalidate>
${summary}
${detailsFieldset(session, state)}
${shippingFieldset(stored, state)}
${methodFieldset(state, session.mode === 'subscription')}
<div class="actions">
<button type="submit">Pay ${total}</button>
${cancel}
</div>
</form>
<p class="note">Session ${escapeHtml(session.id)}</p>`,
  );
}

export interface PageLink {
  href: string;
  label: string;
}

/** A short page for sessions that cannot be paid (already paid, expired, unknown). */
export function renderMessagePage(title: string, message: string, link?: PageLink): string {
  const action = link
    ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`
    : '';
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p role="status">${escapeHtml(message)}</p>\n${action}`,
  );
}
