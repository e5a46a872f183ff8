import { formatEnGbDate } from '@rotaboard/core/audit/display';
import type {
  AdjustmentsReportResponse,
  LeaveReportResponse,
  PayrollReportResponse,
} from '@rotaboard/core/contracts/reports';
import { ADJUSTMENT_REASONS } from '@rotaboard/core/shifts/adjustments';
import { FileBarChart } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import { costColumn, countColumn, hours, hoursColumn, overTime, sum } from '../utils/report-columns';
import { CHART_COLOURS, ReportChart } from './report-chart';
import { type Column, ReportTable } from './report-table';

/** The leave, adjustments and payroll reports' tables and charts (routes/range-report-page.tsx). */

type PayrollDay = PayrollReportResponse['days'][number];
type PayrollPerson = PayrollReportResponse['people'][number];

export function PayrollView({ report, grouped }: { report: PayrollReportResponse; grouped: boolean }) {
  const t = report.totals;
  // Cost is shown where the plan has labour cost (issue 43), beside the worked hours it is paid for;
  // otherwise every costMinor is null.
  const withCost = t.costMinor !== null;
  const dayColumns: Column<PayrollDay>[] = [
    { key: 'staff', label: 'Staff', value: (r) => r.staffName },
    { key: 'date', label: 'Date', value: (r) => r.date, render: (r) => formatEnGbDate(r.date) },
    countColumn('shifts', 'Shifts', (r) => r.shifts, t.shifts),
    hoursColumn('scheduled', 'Scheduled h', (r) => r.scheduledMinutes, t.scheduledMinutes),
    countColumn('break', 'Break min', (r) => r.breakMinutes, t.breakMinutes),
    countColumn('adjusted', 'Adjusted min', (r) => r.adjustmentMinutes, t.adjustmentMinutes),
    hoursColumn('worked', 'Worked h', (r) => r.workedMinutes, t.workedMinutes),
    ...(withCost ? [costColumn<PayrollDay>(report.currency, (r) => r.costMinor, t.costMinor)] : []),
    hoursColumn('timeOff', 'Time off h', (r) => r.timeOffMinutes, t.timeOffMinutes),
    countColumn('timeOffDays', 'Time off days', (r) => r.timeOffDays, t.timeOffDays),
  ];
  const personColumns: Column<PayrollPerson>[] = [
    { key: 'staff', label: 'Staff', value: (r) => r.staffName },
    {
      key: 'days',
      label: 'Days worked',
      value: (r) => r.daysWorked,
      numeric: true,
      total: sum(report.people, (p) => p.daysWorked),
    },
    hoursColumn('scheduled', 'Scheduled h', (r) => r.scheduledMinutes, t.scheduledMinutes),
    countColumn('break', 'Break min', (r) => r.breakMinutes, t.breakMinutes),
    countColumn('adjusted', 'Adjusted min', (r) => r.adjustmentMinutes, t.adjustmentMinutes),
    hoursColumn('worked', 'Worked h', (r) => r.workedMinutes, t.workedMinutes),
    ...(withCost ? [costColumn<PayrollPerson>(report.currency, (r) => r.costMinor, t.costMinor)] : []),
    hoursColumn('contracted', 'Contracted h', (r) => r.contractedMinutes, t.contractedMinutes),
    hoursColumn('difference', 'Difference h', (r) => r.differenceMinutes),
    hoursColumn('timeOff', 'Time off h', (r) => r.timeOffMinutes, t.timeOffMinutes),
    countColumn('timeOffDays', 'Time off days', (r) => r.timeOffDays, t.timeOffDays),
  ];
  return (
    <>
      <ReportChart
        title="Worked hours against contracted hours, per person"
        category="name"
        unit="h"
        stacked={false}
        series={[
          { key: 'worked', label: 'Worked', colour: CHART_COLOURS[0]! },
          { key: 'contracted', label: 'Contracted', colour: CHART_COLOURS[5]! },
        ]}
        data={report.people.map((p) => ({
          name: p.staffName,
          worked: hours(p.workedMinutes),
          contracted: hours(p.contractedMinutes),
        }))}
      />
      <div className="mt-6">
        {grouped ? (
          <ReportTable
            caption="Payroll per person"
            columns={personColumns}
            rows={report.people}
            rowKey={(r) => r.staffId}
          />
        ) : report.days.length === 0 ? (
          <EmptyState icon={FileBarChart} title="No shifts or time off in these dates" />
        ) : (
          <ReportTable
            caption="Payroll per person and day"
            columns={dayColumns}
            rows={report.days}
            rowKey={(r) => `${r.staffId}|${r.date}`}
          />
        )}
      </div>
    </>
  );
}

const KIND_LABELS = { exact: 'Time range', hours: 'Hours', days: 'Days' } as const;

export function LeaveView({
  report,
  grouped,
  weekStartDay,
}: {
  report: LeaveReportResponse;
  grouped: boolean;
  weekStartDay: number;
}) {
  const t = report.totals;
  const chartData = overTime(
    report.entries.map((e) =>
      e.days !== null
        ? { date: e.date, series: 'days', amount: e.days }
        : { date: e.date, series: 'hours', amount: (e.minutes ?? 0) / 60 },
    ),
    report,
    weekStartDay,
    ['hours', 'days'],
  );
  const entryColumns: Column<LeaveReportResponse['entries'][number]>[] = [
    { key: 'staff', label: 'Staff', value: (r) => r.staffName },
    { key: 'date', label: 'Date', value: (r) => r.date, render: (r) => formatEnGbDate(r.date) },
    { key: 'kind', label: 'Kind', value: (r) => KIND_LABELS[r.kind] },
    countColumn('minutes', 'Minutes', (r) => r.minutes, t.minutes),
    hoursColumn('hours', 'Hours', (r) => r.minutes, t.minutes),
    countColumn('days', 'Days', (r) => r.days, t.days),
  ];
  const personColumns: Column<LeaveReportResponse['people'][number]>[] = [
    { key: 'staff', label: 'Staff', value: (r) => r.staffName },
    countColumn('entries', 'Entries', (r) => r.entries, t.entries),
    countColumn('minutes', 'Minutes', (r) => r.minutes, t.minutes),
    hoursColumn('hours', 'Hours', (r) => r.minutes, t.minutes),
    countColumn('days', 'Days', (r) => r.days, t.days),
  ];
  if (report.entries.length === 0)
    return <EmptyState icon={FileBarChart} title="No time off in these dates" />;
  return (
    <>
      <ReportChart
        title="Time off over time"
        category="period"
        unit=""
        stacked={false}
        series={[
          { key: 'hours', label: 'Hours', colour: CHART_COLOURS[0]! },
          { key: 'days', label: 'Days', colour: CHART_COLOURS[2]! },
        ]}
        data={chartData}
      />
      <div className="mt-6">
        {grouped ? (
          <ReportTable
            caption="Time off per person"
            columns={personColumns}
            rows={report.people}
            rowKey={(r) => r.staffId}
          />
        ) : (
          <ReportTable
            caption="Time off entries"
            columns={entryColumns}
            rows={report.entries}
            rowKey={(r) => r.shiftId}
          />
        )}
      </div>
    </>
  );
}

export function AdjustmentsView({
  report,
  grouped,
  weekStartDay,
}: {
  report: AdjustmentsReportResponse;
  grouped: boolean;
  weekStartDay: number;
}) {
  const t = report.totals;
  const chartData = overTime(
    report.entries.map((e) => ({ date: e.date, series: e.reason, amount: e.minutes })),
    report,
    weekStartDay,
    report.reasons,
  );
  const entryColumns: Column<AdjustmentsReportResponse['entries'][number]>[] = [
    { key: 'staff', label: 'Staff', value: (r) => r.staffName },
    { key: 'date', label: 'Date', value: (r) => r.date, render: (r) => formatEnGbDate(r.date) },
    { key: 'reason', label: 'Reason', value: (r) => ADJUSTMENT_REASONS[r.reason] },
    countColumn('minutes', 'Minutes', (r) => r.minutes, t.minutes),
    hoursColumn('hours', 'Hours', (r) => r.minutes, t.minutes),
    { key: 'comment', label: 'Comment', value: (r) => r.comment || null },
  ];
  const personColumns: Column<AdjustmentsReportResponse['people'][number]>[] = [
    { key: 'staff', label: 'Staff', value: (r) => r.staffName },
    countColumn('count', 'Adjustments', (r) => r.count, t.count),
    countColumn('minutes', 'Minutes', (r) => r.minutes, t.minutes),
    ...report.reasons.map(
      (reason): Column<AdjustmentsReportResponse['people'][number]> => ({
        key: reason,
        label: `${ADJUSTMENT_REASONS[reason]} min`,
        value: (r) => r.byReason[reason],
        numeric: true,
        total: t.byReason[reason],
      }),
    ),
  ];
  if (report.entries.length === 0)
    return <EmptyState icon={FileBarChart} title="No adjustments in these dates" />;
  return (
    <>
      <ReportChart
        title="Adjustment minutes by reason over time"
        category="period"
        unit=""
        stacked
        series={report.reasons.map((r, i) => ({
          key: r,
          label: ADJUSTMENT_REASONS[r],
          colour: CHART_COLOURS[i % CHART_COLOURS.length]!,
        }))}
        data={chartData}
      />
      <div className="mt-6">
        {grouped ? (
          <ReportTable
            caption="Adjustments per person"
            columns={personColumns}
            rows={report.people}
            rowKey={(r) => r.staffId}
          />
        ) : (
          <ReportTable
            caption="Adjustments"
            columns={entryColumns}
            rows={report.entries}
            rowKey={(r) => `${r.shiftId}|${r.reason}|${r.minutes}|${r.comment}`}
          />
        )}
      </div>
    </>
  );
}
