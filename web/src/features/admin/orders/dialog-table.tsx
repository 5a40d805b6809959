import { classNames } from '@/lib/class-names';
import { ScrollBox } from '@/components/table/scroll-box';
import type { DataColumn } from '@/components/table/data-table';
import '@/components/table/data-table.css';

/**
 * The lines table of the ship and refund dialogs: DataTable's look (small, one line per cell,
 * scrolling sideways in a box the keyboard can scroll on a phone) without its sorting, expanding
 * and loading, whose icons would otherwise be split from the button chunk every page loads (the
 * dialogs are chunks of their own that use no Button).
 */
export function DialogTable<Row>({
  label,
  rows,
  rowKey,
  columns,
}: {
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly DataColumn<Row>[];
}) {
  const right = (column: DataColumn<Row>) =>
    classNames(column.align === 'right' && 'data-table__cell--right');
  return (
    <div className="data-table data-table--small data-table--one-line">
      <ScrollBox label={`${label} table`}>
        <table aria-label={label}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={right(column)}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="data-table__row">
                {columns.map((column) => (
                  <td key={column.key} className={classNames(right(column), column.className)}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}
