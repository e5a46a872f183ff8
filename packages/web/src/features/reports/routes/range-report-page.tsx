import { formatEnGbDate } from '@rotaboard/core/audit/display';
import type {
  AdjustmentsReportResponse,
  LeaveReportResponse,
  PayrollReportResponse,
} from '@rotaboard/core/contracts/reports';
import { planOf } from '@rotaboard/core/plans/plan-limits';
import { decimalHours } from '@rotaboard/core/reports/csv';
import { chartBucket, presetRange, reportAllowed, reportRangeProblem } from '@rotaboard/core/reports/ranges';
import { ADJUSTMENT_REASON_KEYS } from '@rotaboard/core/reports/report-rows';
import { ADJUSTMENT_REASONS } from '@rotaboard/core/shifts/adjustments';
import { useQuery } from '@tanstack/react-query';
import { FileBarChart, Lock } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { teamToday } from '../../../lib/team-today';
import { teamStaffQueryOptions, useSelectedTeam } from '../../../lib/teams';
import { type RangeParams, rangeCsvUrl, rangeReportQueryOptions } from '../api/reports';
import { type RangeChoice, RangeControls } from '../components/range-controls';
import { CHART_COLOURS, ReportChart } from '../components/report-chart';
import { ReportFrame } from '../components/report-frame';
import { type Column, ReportTable } from '../components/report-table';
import { StaffFilter } from '../components/staff-filter';

type RangeReport = 'leave' | 'adjustments' | 'payroll';
const TITLES: Record<RangeReport, { title: string; description: string }> = {
  leave: { title: 'Leave', description: 'Time off in minutes or full days, per entry or per person.' },
  adjustments: {
    title: 'Adjustments',
    description: 'Attendance adjustments (sickness, lateness and the like) by reason.',
  },
  payroll: {
    title: 'Payroll',
    description: 'Scheduled, break, adjusted and worked hours per person and day, against contracted hours.',
  },
};

const hours = (minutes: number | null) => (minutes === null ? null : decimalHours(minutes));
const showHours = (minutes: number | null) => (minutes === null ? '-' : decimalHours(minutes).toFixed(2));
const sum = <T,>(rows: T[], pick: (row: T) => number) => rows.reduce((n, r) => n + pick(r), 0);

/** Adds `amount` to the period `date` falls in, under `series`. */
function overTime(
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
function hoursColumn<Row>(
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
function countColumn<Row>(
  key: string,
  label: string,
  value: (row: Row) => number | null,
  total: ReactNode,
): Column<Row> {
  return { key, label, value, numeric: true, total };
}

function PayrollView({ report, grouped }: { report: PayrollReportResponse; grouped: boolean }) {
  const t = report.totals;
  const dayColumns: Column<PayrollReportResponse['days'][number]>[] = [
    { key: 'staff', label: 'Staff', value: (r) => r.staffName },
    { key: 'date', label: 'Date', value: (r) => r.date, render: (r) => formatEnGbDate(r.date) },
    countColumn('shifts', 'Shifts', (r) => r.shifts, t.shifts),
    hoursColumn('scheduled', 'Scheduled h', (r) => r.scheduledMinutes, t.scheduledMinutes),
    countColumn('break', 'Break min', (r) => r.breakMinutes, t.breakMinutes),
    countColumn('adjusted', 'Adjusted min', (r) => r.adjustmentMinutes, t.adjustmentMinutes),
    hoursColumn('worked', 'Worked h', (r) => r.workedMinutes, t.workedMinutes),
    hoursColumn('timeOff', 'Time off h', (r) => r.timeOffMinutes, t.timeOffMinutes),
    countColumn('timeOffDays', 'Time off days', (r) => r.timeOffDays, t.timeOffDays),
  ];
  const personColumns: Column<PayrollReportResponse['people'][number]>[] = [
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

function LeaveView({
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

function AdjustmentsView({
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

/** /reports/leave, /reports/adjustments and /reports/payroll. */
export function RangeReportPage({ report }: { report: RangeReport }) {
  const { team, isOwner, isLoading } = useSelectedTeam();
  // The team's today (issue 41), as the server's default ranges are: "this month" is the team's month.
  const today = teamToday(team?.timeZone);
  const weekStartDay = team?.weekStartDay ?? 1;
  const [range, setRange] = useState<RangeChoice>(() => ({
    preset: 'this_month',
    ...presetRange('this_month', today, weekStartDay),
  }));
  const [groupByStaff, setGroupByStaff] = useState(false);
  const [staffIds, setStaffIds] = useState<string[]>([]);
  const [reasons, setReasons] = useState<string[]>([]);
  const reasonsId = useId();
  const tier = team?.ownerSubscriptionTier ?? 'free';
  const locked = !reportAllowed(report, tier);
  const problem = reportRangeProblem(report, tier, range.startDate, range.endDate);
  const params: RangeParams = {
    startDate: range.startDate,
    endDate: range.endDate,
    groupByStaff,
    staffIds,
    ...(report === 'adjustments' ? { reasons } : {}),
  };
  const query = useQuery({
    ...rangeReportQueryOptions(team?.teamId ?? '', report, params),
    enabled: Boolean(team) && !locked && !problem,
  });
  const staff = useQuery({ ...teamStaffQueryOptions(team?.teamId ?? ''), enabled: Boolean(team) && !locked });
  const { title, description } = TITLES[report];
  if (isLoading || !team) return <PageSpinner />;
  if (locked) {
    return (
      <ReportFrame title={title} description={description} csvUrl={null} csvName="">
        <EmptyState icon={Lock} title={`The ${title.toLowerCase()} report is part of Pro`}>
          {isOwner ? (
            <Link className="font-medium underline underline-offset-4" to="/subscription">
              Upgrade to Pro to run it
            </Link>
          ) : (
            'The team owner can upgrade the team to Pro to turn it on.'
          )}
        </EmptyState>
      </ReportFrame>
    );
  }
  const csvName = `rotaboard-${report}${groupByStaff ? '-by-staff' : ''}-${range.startDate}-to-${range.endDate}.csv`;
  const data = query.data;
  return (
    <ReportFrame
      title={title}
      description={description}
      csvUrl={problem ? null : rangeCsvUrl(team.teamId, report, params)}
      csvName={csvName}
      filters={
        <>
          <RangeControls
            value={range}
            onChange={setRange}
            today={today}
            weekStartDay={weekStartDay}
            groupByStaff={groupByStaff}
            onGroupByStaffChange={setGroupByStaff}
          />
          <StaffFilter staff={staff.data ?? []} selected={staffIds} onChange={setStaffIds} />
          {report === 'adjustments' ? (
            <fieldset className="grid w-full gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">Reasons</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {ADJUSTMENT_REASON_KEYS.map((r) => (
                  <div key={r} className="flex items-center gap-2">
                    <Checkbox
                      id={`${reasonsId}-${r}`}
                      checked={reasons.includes(r)}
                      onCheckedChange={(on) =>
                        setReasons(on ? [...reasons, r] : reasons.filter((x) => x !== r))
                      }
                    />
                    <Label htmlFor={`${reasonsId}-${r}`}>{ADJUSTMENT_REASONS[r]}</Label>
                  </div>
                ))}
              </div>
            </fieldset>
          ) : null}
        </>
      }
    >
      <p className="mb-4 text-sm text-muted-foreground">
        {team.teamName} · {formatEnGbDate(range.startDate)} to {formatEnGbDate(range.endDate)}
        {staffIds.length ? ` · ${staffIds.length === 1 ? '1 person' : `${staffIds.length} people`}` : ''}
      </p>
      {problem ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {problem}{' '}
            {!planOf(tier).paid && isOwner && !problem.startsWith('The end date') ? (
              <Link className="font-medium underline" to="/subscription">
                Upgrade to Pro
              </Link>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : query.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{errorMessage(query.error, 'Failed to load the report.')}</AlertDescription>
        </Alert>
      ) : !data ? (
        <PageSpinner label="Loading the report" />
      ) : report === 'payroll' ? (
        <PayrollView report={data as PayrollReportResponse} grouped={groupByStaff} />
      ) : report === 'leave' ? (
        <LeaveView report={data as LeaveReportResponse} grouped={groupByStaff} weekStartDay={weekStartDay} />
      ) : (
        <AdjustmentsView
          report={data as AdjustmentsReportResponse}
          grouped={groupByStaff}
          weekStartDay={weekStartDay}
        />
      )}
    </ReportFrame>
  );
}
