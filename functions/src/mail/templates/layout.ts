import {
  backorderMark,
  BRAND,
  formatUsd,
  headerSafe,
  stripUnsafeText,
  type OrderLine,
  type SupportContact,
} from '@portal/domain';

/**
 * The one layout every mail is rendered with: the brand's header (logo text and colours), the
 * greeting with the recipient's store name, the blocks of the message, and a footer with the
 * contact address and, for newsletter mail, the unsubscribe link. Each mail is written once as
 * blocks (templates/messages.ts) and rendered here twice: HTML through MJML, and plain text.
 *
 * Everything interpolated is escaped for HTML; links must be absolute http(s) URLs; the subject
 * is flattened to one line (headerSafe), so no value (a store name typed at sign-up) can add a
 * header, a recipient or markup; the subject and the greeting lose control and bidirectional
 * formatting characters (stripUnsafeText), so a name cannot reorder what the reader sees.
 */
export type Block =
  | { kind: 'text'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'facts'; rows: ReadonlyArray<readonly [string, string]> }
  | {
      kind: 'lines';
      /** `note`: said under the item's name ("Backordered · Expected Dec 10, 2026"). */
      items: ReadonlyArray<{ name: string; quantity: number; total: string; note?: string | null }>;
      /** Rows between the items and the total: Subtotal, Tax (or the exemption). */
      summary?: ReadonlyArray<readonly [string, string]>;
      total: string;
    }
  | { kind: 'address'; title: string; lines: readonly string[] }
  | { kind: 'link'; label: string; url: string };

/**
 * An order line as a mail lists it: a backordered one (backordered units, absent before
 * backorders) is marked, with the restock date its product had when the mail was written (null:
 * none set; absent: the product was not read, and the mark says "Backordered" alone).
 */
export type MailOrderLine = Pick<OrderLine, 'name' | 'quantity' | 'line_total'> & {
  backordered?: number;
  restock_date?: string | null | undefined;
};

/** The items of a 'lines' block: name, quantity, total, and the backorder mark of each. */
export function mailLineItems(items: readonly MailOrderLine[]) {
  return items.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    total: formatUsd(item.line_total),
    note: backorderMark(
      { quantity: item.quantity, backordered: item.backordered ?? 0 },
      item.restock_date,
    ),
  }));
}

export interface MailContent {
  subject: string;
  /** The inbox preview line. */
  preview: string;
  heading: string;
  /** The store name the mail greets, when it is to one store. */
  greetingName?: string;
  blocks: readonly Block[];
  /** Newsletter mail: the link that unsubscribes without signing in. */
  unsubscribeUrl?: string;
}

export interface RenderContext {
  /** The address mails give for questions. */
  contact: string;
  /** The portal's origin, linked from the footer. */
  portalUrl: string;
  /**
   * The support phone and email a manager set (site_settings/support): the footer names that
   * email instead of `contact`, and the phone when there is one; '' fields are left out.
   */
  supportContact?: SupportContact;
}

/** The footer's question line: the support email (or the contact address) and the phone. */
export function footerContactLine(ctx: RenderContext): string {
  const email = ctx.supportContact?.email || ctx.contact;
  const phone = ctx.supportContact?.phone;
  return phone ? `Questions? Write to ${email} or call ${phone}.` : `Questions? Write to ${email}.`;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An absolute http(s) URL, or an error: a mail never links to anything else. */
export function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Mail links must be http(s): ${url}`);
  }
  return parsed.toString();
}

const C = BRAND.colors;
const FONT = 'Helvetica, Arial, sans-serif';

function blockMjml(block: Block): string {
  switch (block.kind) {
    case 'text':
      return `<mj-text>${escapeHtml(block.text)}</mj-text>`;
    case 'button':
      return `<mj-button href="${escapeHtml(safeUrl(block.url))}" background-color="${C.primary}" color="#ffffff" font-weight="bold" border-radius="8px" inner-padding="14px 28px" align="left">${escapeHtml(block.label)}</mj-button>`;
    case 'link':
      return `<mj-text><a href="${escapeHtml(safeUrl(block.url))}" style="color:${C.primary}">${escapeHtml(block.label)}</a></mj-text>`;
    case 'facts':
      return `<mj-table>${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 12px 4px 0;color:${C.muted}">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</mj-table>`;
    case 'lines':
      return `<mj-table><tr style="border-bottom:1px solid #ddd;text-align:left"><th style="padding:6px 0">Item</th><th style="padding:6px 0;text-align:right">Qty</th><th style="padding:6px 0;text-align:right">Total</th></tr>${block.items
        .map(
          (item) =>
            `<tr><td style="padding:6px 0">${escapeHtml(item.name)}${item.note ? `<br/><span style="color:${C.muted};font-size:13px">${escapeHtml(item.note)}</span>` : ''}</td><td style="padding:6px 0;text-align:right">${item.quantity}</td><td style="padding:6px 0;text-align:right">${escapeHtml(item.total)}</td></tr>`,
        )
        .join('')}${(block.summary ?? [])
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 0">${escapeHtml(label)}</td><td></td><td style="padding:6px 0;text-align:right">${escapeHtml(value)}</td></tr>`,
        )
        .join(
          '',
        )}<tr style="border-top:1px solid #ddd"><td style="padding:6px 0;font-weight:bold">Total</td><td></td><td style="padding:6px 0;text-align:right;font-weight:bold">${escapeHtml(block.total)}</td></tr></mj-table>`;
    case 'address':
      return `<mj-text><strong>${escapeHtml(block.title)}</strong><br/>${block.lines.map(escapeHtml).join('<br/>')}</mj-text>`;
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'text':
      return block.text;
    case 'button':
    case 'link':
      return `${block.label}: ${safeUrl(block.url)}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'lines':
      return [
        ...block.items.map(
          (item) =>
            `${item.quantity} x ${item.name}${item.note ? ` (${item.note})` : ''}  ${item.total}`,
        ),
        ...(block.summary ?? []).map(([label, value]) => `${label}: ${value}`),
        `Total: ${block.total}`,
      ].join('\n');
    case 'address':
      return [block.title, ...block.lines].join('\n');
  }
}

export async function renderMail(content: MailContent, ctx: RenderContext): Promise<RenderedMail> {
  const subject = headerSafe(content.subject);
  const name = content.greetingName && stripUnsafeText(content.greetingName);
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const footer = [
    footerContactLine(ctx),
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${safeUrl(content.unsubscribeUrl)}`] : []),
  ];
  const source = `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-preview>${escapeHtml(content.preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="15px" line-height="22px" color="${C.text}" padding="6px 24px" />
      <mj-table font-size="14px" color="${C.text}" padding="6px 24px" />
      <mj-button padding="12px 24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${C.page}">
    <mj-section background-color="${C.night}" padding="20px 24px">
      <mj-column>
        <mj-text color="#ffffff" font-size="20px" font-weight="bold" padding="0">${escapeHtml(BRAND.name)}</mj-text>
        <mj-text color="${C.accent}" font-size="13px" padding="4px 0 0">${escapeHtml(BRAND.tagline)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 0">
      <mj-column>
        <mj-text font-size="22px" font-weight="bold" padding="8px 24px 12px">${escapeHtml(content.heading)}</mj-text>
        <mj-text>${escapeHtml(greeting)}</mj-text>
        ${content.blocks.map(blockMjml).join('\n        ')}
      </mj-column>
    </mj-section>
    <mj-section padding="12px 24px">
      <mj-column>
        <mj-text font-size="12px" color="${C.muted}" padding="0">${escapeHtml(footerContactLine(ctx))}</mj-text>
        ${content.unsubscribeUrl ? `<mj-text font-size="12px" padding="4px 0 0"><a href="${escapeHtml(safeUrl(content.unsubscribeUrl))}" style="color:${C.muted}">Unsubscribe</a></mj-text>` : ''}
        <mj-text font-size="12px" color="${C.muted}" padding="4px 0 0"><a href="${escapeHtml(safeUrl(ctx.portalUrl))}" style="color:${C.muted}">${escapeHtml(BRAND.name)} partner portal</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // Loaded on first use: MJML is large, and most function instances never render a mail.
  const { default: mjml2html } = await import('mjml');
  const result = await mjml2html(source, { validationLevel: 'strict' });
  const text = [
    BRAND.name,
    '',
    content.heading,
    '',
    greeting,
    '',
    ...content.blocks.flatMap((block) => [blockText(block), '']),
    '--',
    ...footer,
    `${BRAND.name} partner portal: ${safeUrl(ctx.portalUrl)}`,
  ].join('\n');
  return { subject, text, html: result.html };
}
