import { formatEnGbDate } from '@rotaboard/core/audit/display';
import type {
  AdjustmentsReportResponse,
  LeaveReportResponse,
  PayrollReportResponse,
} from '@rotaboard/core/contracts/reports';
import { planOf } from '@rotaboard/core/plans/plan-limits';
import { presetRange, reportAllowed, reportRangeProblem } from '@rotaboard/core/reports/ranges';
import { ADJUSTMENT_REASON_KEYS } from '@rotaboard/core/reports/report-rows';
import { ADJUSTMENT_REASONS } from '@rotaboard/core/shifts/adjustments';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
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
import { AdjustmentsView, LeaveView, PayrollView } from '../components/range-report-views';
import { ReportFrame } from '../components/report-frame';
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
