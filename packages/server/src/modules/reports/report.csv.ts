import { Readable } from 'node:stream';
import { AUDIT_DOMAIN_LABELS, auditActionLabel, auditRows } from '@rotaboard/core/audit/display';
import type {
  AdjustmentsReportResponse,
  AuditReportRow,
  LeaveReportResponse,
  PayrollReportResponse,
} from '@rotaboard/core/contracts/reports';
import { minorDigits } from '@rotaboard/core/labour/money';
import {
  type CsvColumn,
  csvCells,
  csvHeader,
  csvRecord,
  decimalHours,
  decimalMoney,
  UTF8_BOM,
} from '@rotaboard/core/reports/csv';
import { ADJUSTMENT_REASON_KEYS } from '@rotaboard/core/reports/report-rows';
import { ADJUSTMENT_REASONS } from '@rotaboard/core/shifts/adjustments';
import type { FastifyReply } from 'fastify';

/**
 * The reports as CSV files a payroll clerk can key from without retyping: a header row, ISO dates,
 * minutes and decimal hours side by side, UTF-8 with a byte-order mark, cells safe from formula
 * injection and quoted as RFC 4180 says (core reports/csv), written as a stream.
 */

const minutesAndHours = <Row>(label: string, minutes: (row: Row) => number | null): CsvColumn<Row>[] => [
  { header: `${label} minutes`, value: minutes },
  {
    header: `${label} hours`,
    value: (row) => {
      const m = minutes(row);
      return m === null ? null : decimalHours(m);
    },
  },
];

type Reasoned = { adjustments: Record<string, number> };
const reasonColumns = <Row extends Reasoned>(): CsvColumn<Row>[] =>
  ADJUSTMENT_REASON_KEYS.map((r) => ({
    header: `${ADJUSTMENT_REASONS[r]} minutes`,
    value: (row: Row) => row.adjustments[r] ?? 0,
  }));

type PayrollDay = PayrollReportResponse['days'][number];
type PayrollPerson = PayrollReportResponse['people'][number];

/**
 * The payroll CSV's cost column (issue 43), last: a plain decimal in the team's currency ("81.25"),
 * the currency named in the header ("Cost (GBP)"), as payroll imports read money. None when the report
 * carries no cost (a plan without labour cost).
 */
function costColumns<Row extends { costMinor: number | null }>(
  report: Pick<PayrollReportResponse, 'currency' | 'totals'>,
): CsvColumn<Row>[] {
  if (report.totals.costMinor === null) return [];
  const digits = minorDigits(report.currency);
  return [
    {
      header: `Cost (${report.currency})`,
      value: (r) => (r.costMinor === null ? null : decimalMoney(r.costMinor, digits)),
    },
  ];
}

const PAYROLL_DAY_COLUMNS: CsvColumn<PayrollDay>[] = [
  { header: 'Staff ID', value: (r) => r.staffId },
  { header: 'Staff name', value: (r) => r.staffName },
  { header: 'Date', value: (r) => r.date },
  { header: 'Shifts', value: (r) => r.shifts },
  ...minutesAndHours<PayrollDay>('Scheduled', (r) => r.scheduledMinutes),
  { header: 'Break minutes', value: (r) => r.breakMinutes },
  ...reasonColumns<PayrollDay>(),
  { header: 'Adjustment minutes', value: (r) => r.adjustmentMinutes },
  ...minutesAndHours<PayrollDay>('Worked', (r) => r.workedMinutes),
  // Issue 44: "timesheet" when an approved timesheet is what was worked, else "schedule".
  { header: 'Worked from', value: (r) => r.source },
  ...minutesAndHours<PayrollDay>('Time off', (r) => r.timeOffMinutes),
  { header: 'Time off days', value: (r) => r.timeOffDays },
];

const PAYROLL_PERSON_COLUMNS: CsvColumn<PayrollPerson>[] = [
  { header: 'Staff ID', value: (r) => r.staffId },
  { header: 'Staff name', value: (r) => r.staffName },
  { header: 'Days worked', value: (r) => r.daysWorked },
  { header: 'Shifts', value: (r) => r.shifts },
  ...minutesAndHours<PayrollPerson>('Scheduled', (r) => r.scheduledMinutes),
  { header: 'Break minutes', value: (r) => r.breakMinutes },
  ...reasonColumns<PayrollPerson>(),
  { header: 'Adjustment minutes', value: (r) => r.adjustmentMinutes },
  ...minutesAndHours<PayrollPerson>('Worked', (r) => r.workedMinutes),
  ...minutesAndHours<PayrollPerson>('Contracted', (r) => r.contractedMinutes),
  ...minutesAndHours<PayrollPerson>('Difference', (r) => r.differenceMinutes),
  ...minutesAndHours<PayrollPerson>('Time off', (r) => r.timeOffMinutes),
  { header: 'Time off days', value: (r) => r.timeOffDays },
];

/** The payroll CSV's columns per person and day: the hours, then the cost when the report has it. */
export const payrollDayColumns = (report: PayrollReportResponse): CsvColumn<PayrollDay>[] => [
  ...PAYROLL_DAY_COLUMNS,
  ...costColumns<PayrollDay>(report),
];

/** The payroll CSV's columns per person (grouped by staff), the cost last when the report has it. */
export const payrollPersonColumns = (report: PayrollReportResponse): CsvColumn<PayrollPerson>[] => [
  ...PAYROLL_PERSON_COLUMNS,
  ...costColumns<PayrollPerson>(report),
];

type LeaveEntry = LeaveReportResponse['entries'][number];
type LeavePerson = LeaveReportResponse['people'][number];
const KIND_LABELS = { exact: 'Time range', hours: 'Hours', days: 'Days' } as const;

export const LEAVE_ENTRY_COLUMNS: CsvColumn<LeaveEntry>[] = [
  { header: 'Staff ID', value: (r) => r.staffId },
  { header: 'Staff name', value: (r) => r.staffName },
  { header: 'Date', value: (r) => r.date },
  { header: 'Kind', value: (r) => KIND_LABELS[r.kind] },
  ...minutesAndHours<LeaveEntry>('Time off', (r) => r.minutes),
  { header: 'Time off days', value: (r) => r.days },
];

export const LEAVE_PERSON_COLUMNS: CsvColumn<LeavePerson>[] = [
  { header: 'Staff ID', value: (r) => r.staffId },
  { header: 'Staff name', value: (r) => r.staffName },
  { header: 'Entries', value: (r) => r.entries },
  ...minutesAndHours<LeavePerson>('Time off', (r) => r.minutes),
  { header: 'Time off days', value: (r) => r.days },
];

type AdjustmentEntry = AdjustmentsReportResponse['entries'][number];
type AdjustmentPerson = AdjustmentsReportResponse['people'][number];

export const ADJUSTMENT_ENTRY_COLUMNS: CsvColumn<AdjustmentEntry>[] = [
  { header: 'Staff ID', value: (r) => r.staffId },
  { header: 'Staff name', value: (r) => r.staffName },
  { header: 'Date', value: (r) => r.date },
  { header: 'Reason', value: (r) => ADJUSTMENT_REASONS[r.reason] },
  ...minutesAndHours<AdjustmentEntry>('Adjustment', (r) => r.minutes),
  { header: 'Comment', value: (r) => r.comment },
];

export const ADJUSTMENT_PERSON_COLUMNS: CsvColumn<AdjustmentPerson>[] = [
  { header: 'Staff ID', value: (r) => r.staffId },
  { header: 'Staff name', value: (r) => r.staffName },
  { header: 'Adjustments', value: (r) => r.count },
  ...minutesAndHours<AdjustmentPerson>('Adjustment', (r) => r.minutes),
  ...ADJUSTMENT_REASON_KEYS.map(
    (reason): CsvColumn<AdjustmentPerson> => ({
      header: `${ADJUSTMENT_REASONS[reason]} minutes`,
      value: (r) => r.byReason[reason],
    }),
  ),
];

/** One line of details per audit entry, by the §4 rules: "Label: value" or "Label: before → after". */
function auditDetails(row: AuditReportRow): string {
  const shown = auditRows(row.action, row.oldValues, row.newValues, row.domain, { hideIds: true });
  if (shown.kind === 'none') return shown.message;
  if (shown.kind === 'values') return shown.rows.map((r) => `${r.label}: ${r.value}`).join('; ');
  return shown.rows.map((r) => `${r.label}: ${r.before} → ${r.after}`).join('; ');
}

export const AUDIT_COLUMNS: CsvColumn<AuditReportRow>[] = [
  { header: 'Changed at', value: (r) => r.changedAt },
  { header: 'Changed by', value: (r) => r.actorName },
  { header: 'Action', value: (r) => auditActionLabel(r.action) },
  { header: 'Domain', value: (r) => AUDIT_DOMAIN_LABELS[r.domain] },
  { header: 'Subject', value: (r) => r.subject },
  { header: 'Details', value: (r) => auditDetails(r) },
];

/** Whether the caller asked for CSV: `?format=csv`, or `Accept: text/csv` unless `?format=json`. */
export function wantsCsv(format: 'json' | 'csv' | undefined, accept: string | undefined): boolean {
  if (format) return format === 'csv';
  return /\btext\/csv\b/i.test(accept ?? '');
}

/** Rows written this many at a time: one stream write per row took as long again as writing it. */
const CSV_BATCH = 2000;

/** The file's text in pieces: the byte-order mark and header, then the rows a batch at a time. */
async function* csvText<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvRecord(csvHeader(columns));
  let batch = '';
  let count = 0;
  const add = (row: Row) => {
    batch += csvRecord(csvCells(columns, row));
    count++;
  };
  const flush = () => {
    const text = batch;
    batch = '';
    count = 0;
    return text;
  };
  if (Symbol.asyncIterator in rows) {
    for await (const row of rows) {
      add(row);
      if (count === CSV_BATCH) yield flush();
    }
  } else {
    // A report already in memory: no await per row.
    for (const row of rows) {
      add(row);
      if (count === CSV_BATCH) yield flush();
    }
  }
  if (count) yield flush();
}

/**
 * Streams rows as a CSV download named `filename`. The stream pulls the next batch only when the last
 * has gone out, so a slow download does not pile the whole report up in memory.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(csvText(columns, rows)));
}
