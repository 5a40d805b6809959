/** The cost report's tables: each action against its read budget, and the monthly bill. */
import { COST_BUDGETS, overBudget } from './budgets';
import { brandMonth, LIST_PRICES, type MonthlyBill } from './bill';
import type { ActionCost } from './meter';

const int = (n: number) => Math.round(n).toLocaleString('en-US');
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
      int(cost.reads),
      int(cost.listenReads),
      int(cost.rulesReads),
      `${int(COST_BUDGETS[cost.action] ?? 0)}${overBudget(cost) ? ' **over**' : ''}`,
      int(cost.writes),
      int(cost.deletes),
      int(cost.invocations),
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
        int(times),
        int(cost.reads * times),
        int(cost.writes * times),
        int(cost.invocations * times),
      ];
    }),
  );
  const total = table(
    ['Item', 'A month', 'List price', 'US dollars'],
    [
      [
        'Document reads',
        int(bill.reads),
        `${usd(LIST_PRICES.readsPer100k)} / 100,000`,
        usd(bill.readsUsd),
      ],
      [
        'Document writes',
        int(bill.writes),
        `${usd(LIST_PRICES.writesPer100k)} / 100,000`,
        usd(bill.writesUsd),
      ],
      [
        'Document deletes',
        int(bill.deletes),
        `${usd(LIST_PRICES.deletesPer100k)} / 100,000`,
        usd(bill.deletesUsd),
      ],
      [
        'Function invocations',
        int(bill.invocations),
        `${usd(LIST_PRICES.invocationsPerMillion)} / 1,000,000`,
        usd(bill.invocationsUsd),
      ],
      ['**Total**', '', '', `**${usd(bill.totalUsd)}**`],
    ],
  );
  return `${perAction}\n\n${total}`;
}
