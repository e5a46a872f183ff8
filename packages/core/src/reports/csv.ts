/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return
 * that some apps strip first) gets a leading apostrophe, so an exported name or comment such as
 * `=HYPERLINK(...)` shows as text (OWASP "CSV injection"). Numbers are left alone: a negative
 * difference stays a number. Quoting and separators are the CSV writer's job (csv-stringify).
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

/** The byte-order mark that makes spreadsheet apps read a CSV file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/** A column of a report's CSV: its header and how to read it from a row. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown };

/** The header row and the cells of one row, made safe (the server streams these through csv-stringify). */
export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string[] {
  return columns.map((c) => c.header);
}
export function csvCells<Row>(columns: readonly CsvColumn<Row>[], row: Row): (string | number)[] {
  return columns.map((c) => safeCsvCell(c.value(row)));
}
