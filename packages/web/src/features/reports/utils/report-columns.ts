import { formatMoney } from '@rotaboard/core/labour/money';
import { decimalHours } from '@rotaboard/core/reports/csv';
import { chartBucket } from '@rotaboard/core/reports/ranges';
import type { ReactNode } from 'react';
import type { Column } from '../components/report-table';

/**
 * The range reports' numbers as their tables and charts show them: minutes as decimal hours, the
 * tables' columns of hours and counts with their totals, and amounts summed per period of a chart.
 */

export const hours = (minutes: number | null) => (minutes === null ? null : decimalHours(minutes));
export const showHours = (minutes: number | null) =>
  minutes === null ? '-' : decimalHours(minutes).toFixed(2);
export const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((n, r) => n + pick(r), 0);

/** Adds `amount` to the period `date` falls in, under `series`. */
export function overTime(
  points: { date: string; series: string; amount: number }[],
  range: { startDate: string; endDate: string },
  weekStartDay: number,
  seriesKeys: string[],
) {
  const buckets = new Map<string, Record<string, string | number>>();
  for (const p of points) {
    const b = chartBucket(p.date, range, weekStartDay);
    const row = buckets.get(b.key) ?? {
      period: b.label,
      ...Object.fromEntries(seriesKeys.map((k) => [k, 0])),
    };
    row[p.series] = Math.round(((row[p.series] as number) + p.amount) * 100) / 100;
    buckets.set(b.key, row);
  }
  return [...buckets.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}

/** A column of minutes shown as decimal hours, sorted by the number, totalled when given a total. */
export function hoursColumn<Row>(
  key: string,
  label: string,
  minutes: (row: Row) => number | null,
  total?: number | null,
): Column<Row> {
  return {
    key,
    label,
    value: (row) => hours(minutes(row)),
    render: (row) => showHours(minutes(row)),
    numeric: true,
    ...(total === undefined ? {} : { total: showHours(total) }),
  };
}

/** A column of counts or minutes as they are, with its total. */
export function countColumn<Row>(
  key: string,
  label: string,
  value: (row: Row) => number | null,
  total: ReactNode,
): Column<Row> {
  return { key, label, value, numeric: true, total };
}

/**
 * A column of money (integer minor units of `currency`, issue 43) shown in the currency as people
 * read it ("£81.25", "$81.25"), sorted by the amount, with its total. Money is never a float until it is shown.
 */
export function costColumn<Row>(
  currency: string,
  minor: (row: Row) => number | null,
  total: number | null,
): Column<Row> {
  // English with the currency's own symbol ("$", not the "US$" an en-GB browser writes), as the
  // assistant and the audit report show money; the header names the currency.
  const show = (amount: number | null) => (amount === null ? '-' : formatMoney(amount, currency, 'en'));
  return {
    key: 'cost',
    label: `Cost (${currency})`,
    value: minor,
    render: (row) => show(minor(row)),
    numeric: true,
    total: show(total),
  };
}
