import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { cn } from '../../../lib/utils';

/** A column: its header, the value it sorts by, how it shows, and its total (when it has one). */
export type Column<Row> = {
  key: string;
  label: string;
  value: (row: Row) => string | number | null;
  render?: (row: Row) => ReactNode;
  numeric?: boolean;
  /** What the totals row shows under this column. */
  total?: ReactNode;
};

/**
 * A report's table: click a header to sort (again to reverse), the header stays in view while the
 * rows scroll, and a totals row closes it. Scrolls sideways inside its own box on narrow screens.
 */
export function ReportTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  totalsLabel = 'Total',
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  caption: string;
  totalsLabel?: string;
}) {
  const [sort, setSort] = useState<{ key: string; descending: boolean } | null>(null);
  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.key === sort.key);
    if (!column || !sort) return rows;
    const direction = sort.descending ? -1 : 1;
    return [...rows].sort((a, b) => {
      const x = column.value(a);
      const y = column.value(b);
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return (
        (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) *
        direction
      );
    });
  }, [rows, columns, sort]);
  const hasTotals = columns.some((c) => c.total !== undefined);

  return (
    <div
      className="report-table max-h-[70vh] overflow-auto rounded-lg border border-border bg-card print:max-h-none print:overflow-visible"
      data-testid="report-table"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-muted print:static">
          <tr>
            {columns.map((c) => {
              const active = sort?.key === c.key;
              const Icon = !active ? ArrowUpDown : sort?.descending ? ArrowDown : ArrowUp;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? (sort?.descending ? 'descending' : 'ascending') : 'none'}
                  className={cn(
                    'whitespace-nowrap px-3 py-2 font-medium',
                    c.numeric ? 'text-right' : 'text-left',
                  )}
                >
                  <button
                    type="button"
                    className={cn(
                      'inline-flex items-center gap-1 hover:text-foreground',
                      c.numeric && 'flex-row-reverse',
                    )}
                    onClick={() =>
                      setSort((s) => ({
                        key: c.key,
                        descending: s?.key === c.key ? !s.descending : c.numeric === true,
                      }))
                    }
                  >
                    {c.label}
                    <Icon aria-hidden="true" className="size-3.5 text-muted-foreground print:hidden" />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)} className="border-t border-border">
              {columns.map((c, i) => (
                <td
                  key={c.key}
                  className={cn(
                    'px-3 py-2 align-top',
                    // Numbers and the first column (a name) stay on one line; long text wraps.
                    c.numeric
                      ? 'whitespace-nowrap text-right tabular-nums'
                      : i === 0
                        ? 'whitespace-nowrap'
                        : '',
                  )}
                >
                  {c.render ? c.render(row) : (c.value(row) ?? '-')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {hasTotals ? (
          <tfoot className="sticky bottom-0 bg-muted font-semibold print:static">
            <tr className="border-t-2 border-border" data-testid="totals-row">
              {columns.map((c, i) => (
                <td
                  key={c.key}
                  className={cn('px-3 py-2', c.numeric ? 'whitespace-nowrap text-right tabular-nums' : '')}
                >
                  {i === 0 ? totalsLabel : (c.total ?? '')}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
