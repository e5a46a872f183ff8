/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return
 * that some apps strip first) gets a leading apostrophe, so an exported name or comment such as
 * `=HYPERLINK(...)` shows as text (OWASP "CSV injection"). Numbers are left alone: a negative
 * difference stays a number. Quoting and separators are csvRecord's job, below.
 */
export function safeCsvCell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Minutes as decimal hours to two places (90 → 1.5, 20 → 0.33), the way payroll clerks key them. */
export function decimalHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/**
 * Minor units as the plain decimal a payroll import reads: no symbol, no thousands separator, exactly
 * `digits` decimals (8125, 2 → "81.25"; -5, 2 → "-0.05"; 1200, 0 → "1200"). Written from the integer's
 * digits, so no float rounding can move a penny.
 */
export function decimalMoney(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** The byte-order mark that makes spreadsheet apps read a CSV file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/** A column of a report's CSV: its header and how to read it from a row. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown };

/** The header row and the cells of one row, made safe (the server writes these with csvRecord). */
export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string[] {
  return columns.map((c) => c.header);
}
export function csvCells<Row>(columns: readonly CsvColumn<Row>[], row: Row): (string | number)[] {
  return columns.map((c) => safeCsvCell(c.value(row)));
}

/** A cell that must be quoted: it holds a quote, a comma or a line break (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV record as RFC 4180 writes it: cells separated by commas, a cell holding a quote, comma or
 * line break wrapped in quotes with its quotes doubled, and a CRLF at the end. Written here rather
 * than through csv-stringify, which the reports used first: for the 130,500 days of a year's payroll
 * it took 350-400 ms to this function's 80-90 ms (bench/README.md, "The year-long payroll report"),
 * and the rule is this short. The integration tests read every CSV back with csv-parse.
 */
export function csvRecord(cells: readonly (string | number)[]): string {
  let record = '';
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    const text =
      typeof cell === 'number'
        ? String(cell)
        : NEEDS_QUOTES.test(cell)
          ? `"${cell.replaceAll('"', '""')}"`
          : cell;
    record += i === 0 ? text : `,${text}`;
  }
  return `${record}\r\n`;
}
