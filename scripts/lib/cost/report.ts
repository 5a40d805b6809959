/** The cost report's tables: each action against its read budget, and the monthly bill. */
import { formatCount } from '@portal/domain';
import { COST_BUDGETS, overBudget } from './budgets';
import { brandMonth, LIST_PRICES, type MonthlyBill } from './bill';
import type { ActionCost } from './meter';

/** A count of the report, rounded to a whole one. */
const count = (n: number) => formatCount(Math.round(n));
const usd = (n: number) => `$${n.toFixed(2)}`;

function table(header: string[], rows: string[][]): string {
  const lines = [header, header.map(() => '---'), ...rows];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

export function costTable(costs: readonly ActionCost[]): string {
  return table(
    [
      'Action',
      'Reads',
      'of which listeners',
      'of which rules',
      'Read budget',
      'Writes',
      'Deletes',
      'Invocations',
      'Functions',
    ],
    costs.map((cost) => [
      cost.action,
      count(cost.reads),
      count(cost.listenReads),
      count(cost.rulesReads),
      `${count(COST_BUDGETS[cost.action] ?? 0)}${overBudget(cost) ? ' **over**' : ''}`,
      count(cost.writes),
      count(cost.deletes),
      count(cost.invocations),
      cost.functions || '–',
    ]),
  );
}

export function billTable(costs: readonly ActionCost[], bill: MonthlyBill): string {
  const perAction = table(
    ['Action', 'Times a month', 'Reads', 'Writes', 'Invocations'],
    costs.map((cost) => {
      const times = brandMonth(cost.action);
      return [
        cost.action,
        count(times),
        count(cost.reads * times),
        count(cost.writes * times),
        count(cost.invocations * times),
      ];
    }),
  );
  const total = table(
    ['Item', 'A month', 'List price', 'US dollars'],
    [
      [
        'Document reads',
        count(bill.reads),
        `${usd(LIST_PRICES.readsPer100k)} / 100,000`,
        usd(bill.readsUsd),
      ],
      [
        'Document writes',
        count(bill.writes),
        `${usd(LIST_PRICES.writesPer100k)} / 100,000`,
        usd(bill.writesUsd),
      ],
      [
        'Document deletes',
        count(bill.deletes),
        `${usd(LIST_PRICES.deletesPer100k)} / 100,000`,
        usd(bill.deletesUsd),
      ],
      [
        'Function invocations',
        count(bill.invocations),
        `${usd(LIST_PRICES.invocationsPerMillion)} / 1,000,000`,
        usd(bill.invocationsUsd),
      ],
      ['**Total**', '', '', `**${usd(bill.totalUsd)}**`],
    ],
  );
  return `${perAction}\n\n${total}`;
}
