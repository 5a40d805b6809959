import { escapeHtml } from './html.js';
import { formatAmount } from './money.js';
import type { StoredSession } from './session-store.js';

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
@media (max-width: 30rem) { main { margin: 0; border-radius: 0; } .actions button { width: 100%; } }
`;

function layout(title: string, body: string): string {
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

/** The hosted checkout page: lines, total, Pay and Cancel. */
export function renderCheckoutPage(stored: StoredSession): string {
  const { session, lines, products } = stored;
  const rows = lines
    .map((line, index) => {
      const description = products[index]?.description;
      return `<tr>
<th scope="row">${escapeHtml(line.description)}${description ? `<span class="desc">${escapeHtml(description)}</span>` : ''}</th>
<td class="num">${line.quantity}</td>
<td class="num">${formatAmount(line.price.unit_amount, line.currency)}</td>
<td class="num">${formatAmount(line.amount_total, line.currency)}</td>
</tr>`;
    })
    .join('\n');
  const total = formatAmount(session.amount_total, session.currency);
  const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '';
  const email = session.customer_email
    ? `<p class="note">Receipt to ${escapeHtml(session.customer_email)}</p>`
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
<tfoot><tr><th scope="row" colspan="3">Total</th><td class="num" data-testid="total">${total}</td></tr></tfoot>
</table>
${email}
<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay">
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
