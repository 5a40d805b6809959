import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductsChart, RevenueChart, StatusChart } from './overview-charts';
import { statusRows } from './overview-figures';

// The test DOM lays nothing out: give ResponsiveContainer's box a size so the charts draw.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 280 }),
  );
});
afterEach(() => vi.restoreAllMocks());

const bars = (chart: Element) => chart.querySelectorAll('.recharts-bar-rectangle');
/** The category axis's labels as shown (without their hover titles). */
const ticks = (chart: Element) =>
  [...chart.querySelectorAll('text:has(> title)')].map((text) =>
    [...text.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join(''),
  );
const titles = (chart: Element) =>
  [...chart.querySelectorAll('text > title')].map((title) => title.textContent);

describe('the Overview charts (Recharts)', () => {
  it('draws revenue per bucket as an image named by its summary', async () => {
    render(
      <RevenueChart
        series={[
          { start: '2026-03-09', revenue: 50_000, orders: 40 },
          { start: '2026-03-10', revenue: 10_000, orders: 5 },
          { start: '2026-03-11', revenue: 62_500, orders: 57 },
        ]}
        interval="day"
        summary="Revenue per day, Mar 9 – Mar 11"
      />,
    );
    const chart = await screen.findByRole('img', { name: 'Revenue per day, Mar 9 – Mar 11' });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart).not.toHaveAttribute('tabindex');
    expect(bars(chart)).toHaveLength(3);
  });

  it('draws paid orders by status', async () => {
    const rows = statusRows({
      awaiting_payment: 0,
      processing: 1,
      partially_shipped: 0,
      shipped: 2,
      delivered: 3,
      cancelled: 4,
      refunded: 0,
    });
    render(<StatusChart rows={rows} summary="Paid orders by status" />);
    const chart = await screen.findByRole('img', { name: 'Paid orders by status' });
    expect(bars(chart)).toHaveLength(4);
    for (const label of ['Processing', 'Shipped', 'Delivered', 'Cancelled'])
      expect(chart).toHaveTextContent(label);
  });

  it('draws the top products as horizontal bars, long names shortened on the axis', async () => {
    render(
      <ProductsChart
        rows={[
          {
            productId: 'a',
            name: 'Blue Raspberry Slush Syrup',
            revenue: 80_000,
            units: 30,
            listDiscount: 0,
          },
          { productId: 'b', name: 'Grape', revenue: 32_500, units: 45, listDiscount: 0 },
        ]}
        measure="units"
        summary="Top 2 products by units"
      />,
    );
    const chart = await screen.findByRole('img', { name: 'Top 2 products by units' });
    expect(bars(chart)).toHaveLength(2);
    expect(ticks(chart)).toEqual(['Blue Raspberry Slus…', 'Grape']);
  });

  it('labels products that share a long start by what tells them apart, the full name on hover', async () => {
    const names = [
      'Blue Coast Syrup - Wild Cherry Lime',
      'Blue Coast Syrup - Blue Raspberry Ice',
      'Blue Coast Syrup - Mango Peach Sunrise',
    ];
    render(
      <ProductsChart
        rows={names.map((name, i) => ({
          productId: `p${i}`,
          name,
          revenue: 90_000 - i * 10_000,
          units: 10,
          listDiscount: 0,
        }))}
        measure="revenue"
        summary="Top 3 products by revenue"
      />,
    );
    const chart = await screen.findByRole('img', { name: 'Top 3 products by revenue' });
    // Not three bars labelled "Blue Coast Syrup - …".
    expect(ticks(chart)).toEqual(['Wild Cherry Lime', 'Blue Raspberry Ice', 'Mango Peach Sunrise']);
    expect(titles(chart)).toEqual(names);
  });

  it('draws its bars whole at once, with no growing animation (refreshed data redraws in place)', async () => {
    render(
      <StatusChart
        rows={statusRows({
          awaiting_payment: 0,
          processing: 1,
          partially_shipped: 0,
          shipped: 2,
          delivered: 3,
          cancelled: 4,
          refunded: 0,
        })}
        summary="Paid orders by status"
      />,
    );
    const chart = await screen.findByRole('img', { name: 'Paid orders by status' });
    // Each bar is drawn at its full height in the first drawing (an animated bar starts with no
    // shape): the tops of 1, 2, 3 and 4 orders climb in equal steps.
    const tops = [...chart.querySelectorAll('.recharts-bar-rectangle')].map((bar) => {
      const start = /^M\s*[-\d.]+,([-\d.]+)/.exec(
        bar.querySelector('path')?.getAttribute('d') ?? '',
      );
      return start ? Number(start[1]) : NaN;
    });
    expect(tops).toHaveLength(4);
    const steps = tops.slice(1).map((top, index) => tops[index]! - top);
    for (const step of steps) expect(step).toBeCloseTo(steps[0]!, 0);
    expect(steps[0]).toBeGreaterThan(20);
  });
});
