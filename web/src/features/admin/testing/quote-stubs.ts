import type { Quote, QuoteLine } from '@portal/domain';

/** Test drafts and quotes (quotes/{id} as the browser reads it). */
export function makeQuoteLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  const line: QuoteLine = {
    product_id: 'prod-1',
    name: 'Purple Dream Syrup',
    description: '',
    image_url: '',
    sku: 'SYR-PURPLE',
    case_pack: 1,
    quantity: 10,
    catalog_unit_amount: 2499,
    unit_amount: 2499,
    override_reason: '',
    line_total: 24990,
    ...overrides,
  };
  return { ...line, line_total: overrides.line_total ?? line.quantity * line.unit_amount };
}

export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  const lines = overrides.lines ?? [makeQuoteLine()];
  const goods = lines.reduce((sum, line) => sum + line.line_total, 0);
  const shipping = overrides.shipping_amount ?? 0;
  return {
    id: 'quote-1',
    state: 'draft',
    delivery: null,
    number: null,
    company_id: 'company-cloud',
    company_name: 'Cloud Nine Smoke',
    location_id: 'main',
    location_name: 'Main St store',
    ship_to: null,
    lines,
    shipping_amount: shipping,
    goods_amount: goods,
    amount: goods + shipping,
    note_to_buyer: '',
    valid_days: 7,
    net_days: null,
    sent_at: null,
    expires_at: null,
    order_id: null,
    accepted_by: null,
    decline_reason: '',
    checkout: null,
    created_by: 'uid-manager',
    created_by_name: 'Morgan Manager',
    created_at: new Date('2026-03-02T18:00:00Z'),
    updated_at: new Date('2026-03-02T18:00:00Z'),
    history: [],
    ...overrides,
  };
}
