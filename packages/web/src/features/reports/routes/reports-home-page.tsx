import { planOf } from '@rotaboard/core/plans/plan-limits';
import { REPORT_IDS, type ReportId, reportAllowed, reportIsPro } from '@rotaboard/core/reports/ranges';
import { CalendarOff, ClipboardList, History, type LucideIcon, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { Badge } from '../../../components/ui/badge';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSelectedTeam } from '../../../lib/teams';

const REPORTS: Record<ReportId, { title: string; icon: LucideIcon; free: string; pro: string }> = {
  audit: {
    title: 'Audit',
    icon: History,
    free: `Every change to the team in the last ${planOf('free').auditReportDays} days.`,
    pro: 'Every change to the team in the last 2 years.',
  },
  leave: {
    title: 'Leave',
    icon: CalendarOff,
    free: `Time off in minutes or full days, over up to ${planOf('free').leaveReportMaxDays} days.`,
    pro: 'Time off in minutes or full days, over up to a year.',
  },
  adjustments: {
    title: 'Adjustments',
    icon: ClipboardList,
    free: 'Sickness, lateness and other attendance adjustments by reason.',
    pro: 'Sickness, lateness and other attendance adjustments by reason.',
  },
  payroll: {
    title: 'Payroll',
    icon: Wallet,
    free: 'Worked hours per person and day against contracted hours, ready for payroll.',
    pro: 'Worked hours per person and day against contracted hours, ready for payroll.',
  },
};

/** /reports: the four reports, with what the team's plan gives of each. */
export default function ReportsHomePage() {
  const { team, isOwner, isLoading } = useSelectedTeam();
  if (isLoading || !team) return <PageSpinner />;
  const tier = team.ownerSubscriptionTier;
  const isPro = planOf(tier).paid;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageMeta title="Reports" description="Audit, leave, adjustments and payroll reports for your team." />
      <PageHeader title="Reports" description={`For ${team.teamName}: on screen, as charts and as CSV.`} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {REPORT_IDS.map((id) => {
          const r = REPORTS[id];
          const locked = !reportAllowed(id, tier);
          return (
            <li key={id}>
              <Link
                to={`/reports/${id}`}
                className="flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-5 transition-colors hover:border-primary/50 hover:bg-accent/40"
                data-testid={`report-card-${id}`}
              >
                <span className="flex items-center gap-2">
                  <r.icon aria-hidden="true" className="size-5 text-primary" />
                  <span className="text-lg font-semibold">{r.title}</span>
                  {reportIsPro(id) ? <Badge className="ml-auto">Pro</Badge> : null}
                </span>
                <span className="text-sm text-muted-foreground">{isPro ? r.pro : r.free}</span>
                {locked ? (
                  <span className="text-sm font-medium text-primary">
                    {isOwner ? 'Upgrade to Pro to run this report' : 'Needs the team owner to upgrade to Pro'}
                  </span>
                ) : !isPro && !reportIsPro(id) ? (
                  <span className="text-xs text-muted-foreground">
                    Pro: {id === 'audit' ? '2 years of changes' : 'ranges up to a year'}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
